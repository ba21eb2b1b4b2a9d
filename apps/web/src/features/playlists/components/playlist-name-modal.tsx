import { useId, useState, type FormEvent } from 'react';
import { PLAYLIST_NAME_MAX, createPlaylistBody, msg, ui } from '@painel/contract';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';

/**
 * The 'Nova Playlist' and 'Editar Playlist' dialogs: a name, required after trimming (the
 * contract's rule, so the server would say the same). Mounted only while open.
 */
export function PlaylistNameModal({
  title, initial = '', submitLabel, busyLabel, busy, onSubmit, onClose,
}: {
  title: string;
  initial?: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  onSubmit: (nome: string) => void;
  onClose: () => void;
}) {
  const [nome, setNome] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const formId = useId();
  const empty = nome.trim() === '';

  function submit(e: FormEvent) {
    e.preventDefault();
    const r = createPlaylistBody.safeParse({ nome });
    if (!r.success) {
      setError(r.error.issues[0]?.message ?? msg.playlistNameRequired);
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
          <Button variant="secondary" onClick={onClose}>{ui.cancel}</Button>
          <Button type="submit" form={formId} disabled={empty || busy}>
            {busy && <Spinner className="h-4 w-4" />}
            {busy ? busyLabel : submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-gray-700">{ui.playlistNameLabel}</label>
        <input
          id={inputId}
          data-autofocus
          value={nome}
          maxLength={PLAYLIST_NAME_MAX}
          placeholder={ui.playlistNamePlaceholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setNome(e.target.value);
            setError(null);
          }}
          className="w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-200 focus:outline-none aria-invalid:border-red-500"
        />
        {error && <p id={errorId} role="alert" className="mt-1 text-sm text-red-600">{error}</p>}
      </form>
    </Modal>
  );
}
