import { useId, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { commonCatalogue } from '@/i18n/common.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { issueText } from '@/lib/api-client.ts';

/**
 * A dialog that asks for one name (new folder, rename folder, new playlist, edit playlist):
 * checked with the contract's schema, the same rules the server applies, so most mistakes
 * never leave the page; the confirm button stays disabled while the name is empty. Mounted
 * only while open, so every opening starts from `initial`.
 */
export function NameModal({
  title, initial = '', label, placeholder, maxLength, schema, requiredMessage, requiredWhileTyping = false,
  submitLabel, busyLabel, busy, onSubmit, onClose,
}: {
  title: string;
  initial?: string;
  label: string;
  placeholder: string;
  maxLength: number;
  schema: z.ZodType<{ nome: string }>;
  requiredMessage: string;
  /** Says the name is required as soon as the field is emptied, not only on submit. */
  requiredWhileTyping?: boolean;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  onSubmit: (nome: string) => void;
  onClose: () => void;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const [nome, setNome] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const formId = useId();
  const empty = nome.trim() === '';
  const shown = error ?? (requiredWhileTyping && touched && empty ? requiredMessage : null);

  function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    const r = schema.safeParse({ nome });
    if (!r.success) {
      const issue = r.error.issues[0];
      setError((issue && issueText(issue)) || requiredMessage);
      return;
    }
    onSubmit(r.data.nome);
  }

  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{commonTexts.cancel}</Button>
          <Button type="submit" form={formId} disabled={empty || busy}>
            {busy && <Spinner className="h-4 w-4" />}
            {busy ? busyLabel : submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-gray-700">{label}</label>
        <input
          id={inputId}
          data-autofocus
          value={nome}
          maxLength={maxLength}
          placeholder={placeholder}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? errorId : undefined}
          onChange={(e) => {
            setNome(e.target.value);
            setTouched(true);
            setError(null);
          }}
          className="w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-200 focus:outline-none aria-invalid:border-red-500"
        />
        {shown && <p id={errorId} role="alert" className="mt-1 text-sm text-red-600">{shown}</p>}
      </form>
    </Modal>
  );
}
