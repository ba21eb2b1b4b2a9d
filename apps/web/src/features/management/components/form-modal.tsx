import type { FormEvent, ReactNode } from 'react';
import { commonCatalogue } from '@/i18n/common.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';

/**
 * A management dialog around one form: the form's fields, and in the footer 'Cancelar' and the
 * submit button, which shows `pendingLabel` and is disabled while the request runs.
 */
export function FormModal({ formId, title, size, onClose, onSubmit, pending, submitLabel, pendingLabel, formClassName, children }: {
  /** The form's id (useId of the caller, which also names its fields' labels from it). */
  formId: string;
  title: string;
  size?: 'md' | 'lg';
  onClose: () => void;
  onSubmit: () => void;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  formClassName?: string;
  children: ReactNode;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Modal
      open
      {...(size ? { size } : {})}
      title={title}
      onClose={onClose}
      closeButton={false}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{commonTexts.cancel}</Button>
          <Button type="submit" form={formId} disabled={pending}>{pending ? pendingLabel : submitLabel}</Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className={formClassName}>
        {children}
      </form>
    </Modal>
  );
}
