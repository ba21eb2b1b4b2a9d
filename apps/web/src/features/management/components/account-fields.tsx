import { useId, useState } from 'react';
import { managementCatalogue } from '@/i18n/management.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { fieldClass } from './plan-fields.tsx';

/** A new account's identity as typed: e-mail, login, name and password (empty: the panel generates one). */
export interface AccountDraft {
  email: string;
  usuario: string;
  nome: string;
  senha: string;
}

export function useAccountDraft() {
  return useState<AccountDraft>({ email: '', usuario: '', nome: '', senha: '' });
}

/** The e-mail, login, name and password fields of the 'Nova streaming' and 'Nova revenda' dialogs. */
export function AccountFields({ draft, onChange }: { draft: AccountDraft; onChange: (next: AccountDraft) => void }) {
  const managementTexts = useTexts(managementCatalogue);
  const id = useId();
  const field = (key: keyof AccountDraft, label: string, extra: { type?: string; autoComplete?: string; hint?: string; required?: boolean; lower?: boolean } = {}) => (
    <div>
      <label htmlFor={`${id}-${key}`} className="mb-1 block text-sm font-medium text-gray-700">{label}</label>
      <input
        id={`${id}-${key}`}
        type={extra.type ?? 'text'}
        autoComplete={extra.autoComplete ?? 'off'}
        required={extra.required}
        value={draft[key]}
        onChange={(e) => onChange({ ...draft, [key]: extra.lower ? e.target.value.toLowerCase() : e.target.value })}
        aria-describedby={extra.hint ? `${id}-${key}-hint` : undefined}
        className={fieldClass}
      />
      {extra.hint && <p id={`${id}-${key}-hint`} className="mt-1 text-xs text-gray-500">{extra.hint}</p>}
    </div>
  );
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {field('email', managementTexts.emailLabel, { type: 'email', required: true })}
      {field('usuario', managementTexts.loginLabel, { hint: managementTexts.loginHint, required: true, lower: true })}
      {field('nome', managementTexts.nameLabel)}
      {field('senha', managementTexts.passwordLabel, { type: 'password', autoComplete: 'new-password', hint: managementTexts.passwordHint })}
    </div>
  );
}
