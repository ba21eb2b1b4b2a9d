import { useId, useState } from 'react';
import { toast } from '@/lib/toast.ts';
import type { ManagedAccount } from '@painel/contract';
import { managementCatalogue } from '@/i18n/management.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useResetPassword } from '../api/streamings.ts';
import { fieldClass } from './plan-fields.tsx';
import { FormModal } from './form-modal.tsx';

/**
 * 'Redefinir senha': a typed password, or none for a generated one, which `onGenerated`
 * hands to the dialog that shows it once.
 */
export function PasswordModal({ account, onClose, onGenerated }: {
  account: ManagedAccount;
  onClose: () => void;
  onGenerated: (password: string) => void;
}) {
  const managementTexts = useTexts(managementCatalogue);
  const formId = useId();
  const [senha, setSenha] = useState('');
  const reset = useResetPassword();

  function onSubmit() {
    reset.mutate({ id: account.id, senha }, {
      onSuccess: (answer) => {
        if (answer.senha) onGenerated(answer.senha);
        else {
          toast.success(textsNow(managementCatalogue).passwordChanged({ login: account.usuario }));
          onClose();
        }
      },
      onError: (err) => toast.error(errorMessage(err, textsNow(managementCatalogue).actionError)),
    });
  }

  return (
    <FormModal
      formId={formId}
      title={managementTexts.passwordTitle({ login: account.usuario })}
      onClose={onClose}
      onSubmit={onSubmit}
      pending={reset.isPending}
      submitLabel={managementTexts.resetSubmit}
      pendingLabel={managementTexts.resetting}
      formClassName="space-y-2"
    >
      <label htmlFor={`${formId}-senha`} className="block text-sm font-medium text-gray-700">{managementTexts.newPasswordLabel}</label>
      <input
        id={`${formId}-senha`}
        type="password"
        autoComplete="new-password"
        value={senha}
        onChange={(e) => setSenha(e.target.value)}
        aria-describedby={`${formId}-hint`}
        className={fieldClass}
      />
      <p id={`${formId}-hint`} className="text-xs text-gray-500">{managementTexts.passwordResetHint}</p>
    </FormModal>
  );
}
