import { useId, useState } from 'react';
import { toast } from '@/lib/toast.ts';
import { isServerErrorCode, type AccountMove, type ManagedAccount } from '@painel/contract';
import { managementCatalogue } from '@/i18n/management.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { errorMessage, serverErrorMessage } from '@/lib/api-client.ts';
import { useServerErrors } from '@/i18n/server-errors.ts';
import { formatBytes } from '@/lib/format.ts';
import { useAccountMove, useMoveAccount } from '../api/account-move.ts';
import { FormModal } from './form-modal.tsx';
import { ServerSelect } from './server-select.tsx';

const running = (m: AccountMove | null | undefined) => m?.estado === 'na_fila' || m?.estado === 'copiando';

/** A move's progress: its state, the bar, bytes and files copied, and why it failed. */
function MoveProgress({ move }: { move: AccountMove }) {
  const texts = useTexts(managementCatalogue).move;
  useServerErrors(); // why it failed, in the panel's language once its texts arrive
  const tone = move.estado === 'falhou' ? 'red' : move.estado === 'concluida' ? 'green' : 'blue';
  const error = move.erro && serverErrorMessage(isServerErrorCode(move.codigo_erro) ? move.codigo_erro : undefined, undefined, move.erro);
  return (
    <div className="space-y-3" data-testid="move-progress" data-state={move.estado}>
      <p className="text-sm font-medium text-gray-900" role="status">{texts.states[move.estado]({ from: move.origem, to: move.destino })}</p>
      <ProgressBar value={move.progresso} label={texts.progressLabel} tone={tone} />
      <p className="text-sm text-gray-600 tabular-nums">
        {texts.copied({ bytes: formatBytes(move.bytes_copiados), total: formatBytes(move.bytes_total), files: move.arquivos_copiados, totalFiles: move.arquivos_total })}
      </p>
      {move.estado === 'falhou' && error && <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">{error}</p>}
      {running(move) && <p className="text-xs text-gray-500">{texts.closeHint}</p>}
    </div>
  );
}

/**
 * 'Mover para outro servidor': the target (an online server other than the account's), then the
 * move's progress, re-read every 2 s, until it is done or failed. Closing the dialog leaves the
 * move running; opening it again shows it.
 */
export function MoveModal({ account, onClose }: { account: ManagedAccount; onClose: () => void }) {
  const texts = useTexts(managementCatalogue).move;
  const formId = useId();
  const status = useAccountMove(account.id);
  const move = useMoveAccount(account.id);
  const [target, setTarget] = useState('');
  const [started, setStarted] = useState(false);
  const [missing, setMissing] = useState(false);
  const last = status.data?.mudanca ?? null;
  // the move followed here: one started in this dialog, or one still running when it opened
  const followed = started || running(last) ? last : null;
  const ended = followed !== null && !running(followed);

  function onSubmit() {
    if (ended) return onClose();
    if (!target) return setMissing(true);
    move.mutate(Number(target), {
      onSuccess: () => setStarted(true),
      onError: (err) => toast.error(errorMessage(err, textsNow(managementCatalogue).actionError)),
    });
  }

  return (
    <FormModal
      formId={formId}
      title={texts.title}
      onClose={onClose}
      onSubmit={onSubmit}
      pending={move.isPending || running(followed)}
      submitLabel={ended ? texts.close : texts.submit}
      pendingLabel={move.isPending ? texts.submitting : texts.moving}
      formClassName="space-y-4"
    >
      {status.data && <p className="text-sm text-gray-700" data-testid="move-current">{texts.current({ login: account.usuario, id: status.data.servidor })}</p>}
      {followed ? (
        <MoveProgress move={followed} />
      ) : (
        <>
          <ServerSelect value={target} onChange={(v) => { setTarget(v); setMissing(false); }} except={status.data?.servidor ?? -1} label={texts.target} />
          {missing && <p role="alert" className="text-sm text-red-700">{texts.pickRequired}</p>}
          <p className="text-sm text-gray-600">{texts.explain}</p>
          {last && (
            <p className="text-xs text-gray-500" data-testid="move-last">
              {texts.last}{texts.states[last.estado]({ from: last.origem, to: last.destino })}
            </p>
          )}
        </>
      )}
    </FormModal>
  );
}
