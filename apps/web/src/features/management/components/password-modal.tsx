import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { ManagedAccount } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { managementCatalogue } from '@/i18n/management.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useResetPassword } from '../api/streamings.ts';
import { fieldClass } from './plan-fields.tsx';

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
  const commonTexts = useTexts(commonCatalogue);
  const formId = useId();
  const [senha, setSenha] = useState('');
  const reset = useResetPassword();

  function onSubmit(e: FormEvent) {
    e.preventDefault();
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
    <Modal
      open
      title={managementTexts.passwordTitle({ login: account.usuario })}
      onClose={onClose}
      closeButton={false}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{commonTexts.cancel}</Button>
          <Button type="submit" form={formId} disabled={reset.isPending}>{reset.isPending ? managementTexts.resetting : managementTexts.resetSubmit}</Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-2">
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
      </form>
    </Modal>
  );
}
