import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { ManagedAccount, Pool } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { managementCatalogue } from '@/i18n/management.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useCreateStreaming } from '../api/streamings.ts';
import { remaining } from '../utils/streamings-view.ts';
import { PlanFields, fieldClass, planOf, type PlanDraft } from './plan-fields.tsx';

/** A new streaming's plan to start from: the reseller's bitrate, and what is left of its pool within the usual defaults. */
function initialPlan(pool: Pool | null): PlanDraft {
  if (!pool) return { bitrate: '2500', espectadores: '100', espaco: '1000' };
  const left = remaining(pool);
  return {
    bitrate: String(Math.min(pool.bitrate, 2500) || pool.bitrate),
    espectadores: String(Math.min(left.espectadores, 100)),
    espaco: String(Math.min(left.espaco, 1000)),
  };
}

/**
 * 'Nova streaming': e-mail, login, name, password (empty: generated and handed to `onCreated`
 * to be shown once) and the plan, with what remains of the pool beside each limit.
 */
export function NewStreamingModal({ pool, onClose, onCreated }: {
  pool: Pool | null;
  onClose: () => void;
  onCreated: (account: ManagedAccount, password: string | undefined) => void;
}) {
  const managementTexts = useTexts(managementCatalogue);
  const commonTexts = useTexts(commonCatalogue);
  const formId = useId();
  const [email, setEmail] = useState('');
  const [usuario, setUsuario] = useState('');
  const [nome, setNome] = useState('');
  const [senha, setSenha] = useState('');
  const [plan, setPlan] = useState(() => initialPlan(pool));
  const create = useCreateStreaming();

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    create.mutate({ email, usuario, nome, senha, ...planOf(plan) }, {
      onSuccess: (answer) => {
        toast.success(textsNow(managementCatalogue).created({ login: answer.streaming.usuario }));
        onCreated(answer.streaming, answer.senha);
      },
      onError: (err) => toast.error(errorMessage(err, textsNow(managementCatalogue).actionError)),
    });
  }

  const text = (key: string, label: string, value: string, set: (v: string) => void, extra: { type?: string; autoComplete?: string; hint?: string; required?: boolean } = {}) => (
    <div>
      <label htmlFor={`${formId}-${key}`} className="mb-1 block text-sm font-medium text-gray-700">{label}</label>
      <input
        id={`${formId}-${key}`}
        type={extra.type ?? 'text'}
        autoComplete={extra.autoComplete ?? 'off'}
        required={extra.required}
        value={value}
        onChange={(e) => set(e.target.value)}
        aria-describedby={extra.hint ? `${formId}-${key}-hint` : undefined}
        className={fieldClass}
      />
      {extra.hint && <p id={`${formId}-${key}-hint`} className="mt-1 text-xs text-gray-500">{extra.hint}</p>}
    </div>
  );

  return (
    <Modal
      open
      size="lg"
      title={managementTexts.createTitle}
      onClose={onClose}
      closeButton={false}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{commonTexts.cancel}</Button>
          <Button type="submit" form={formId} disabled={create.isPending}>{create.isPending ? managementTexts.creating : managementTexts.create}</Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-2">
          {text('email', managementTexts.emailLabel, email, setEmail, { type: 'email', required: true })}
          {text('usuario', managementTexts.loginLabel, usuario, (v) => setUsuario(v.toLowerCase()), { hint: managementTexts.loginHint, required: true })}
          {text('nome', managementTexts.nameLabel, nome, setNome)}
          {text('senha', managementTexts.passwordLabel, senha, setSenha, { type: 'password', autoComplete: 'new-password', hint: managementTexts.passwordHint })}
        </div>
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-gray-900">{managementTexts.planLegend}</legend>
          <PlanFields draft={plan} onChange={setPlan} pool={pool} left={pool && remaining(pool)} />
        </fieldset>
      </form>
    </Modal>
  );
}
