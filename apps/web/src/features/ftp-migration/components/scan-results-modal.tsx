import { useState } from 'react';
import { type ScannedVideo } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { ftpMigrationCatalogue } from '@/i18n/ftp-migration.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { serverText } from '@/lib/api-client.ts';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { formatBytes } from '@/lib/format.ts';
import type { ScanResult } from '../api/scan-directory.ts';

/** The videos a scan found, all ticked at first; the ticked ones join the selection. */
export function ScanResultsModal({ result, onClose, onAdd }: { result: ScanResult; onClose: () => void; onAdd: (videos: ScannedVideo[]) => void }) {
  const commonTexts = useTexts(commonCatalogue);
  const t = useTexts(ftpMigrationCatalogue);
  const msg = useTexts(messageCatalogue);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set(result.videos.map((v) => v.path)));
  const toggle = (p: string, on: boolean) =>
    setTicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(p);
      else next.delete(p);
      return next;
    });
  const chosen = result.videos.filter((v) => ticked.has(v.path));
  return (
    <Modal
      open
      size="lg"
      title={t.scanTitle}
      onClose={onClose}
      closeButton={false}
      footer={(
        <>
          <Button variant="secondary" onClick={onClose}>{commonTexts.cancel}</Button>
          <Button disabled={!chosen.length} onClick={() => onAdd(chosen)}>{t.addToSelection({ n: chosen.length })}</Button>
        </>
      )}
    >
      <p className="text-sm text-gray-700">{t.scanSummary({ videos: result.videos.length, dirs: result.scanned_directories })}</p>
      {result.truncated && <p className="mt-2 rounded-lg bg-yellow-50 p-3 text-sm text-yellow-800">{serverText(result.message, msg.ftpScanTruncated)}</p>}
      <div className="my-3 flex gap-2">
        <Button variant="secondary" onClick={() => setTicked(new Set(result.videos.map((v) => v.path)))}>{t.selectAll}</Button>
        <Button variant="secondary" onClick={() => setTicked(new Set())}>{t.selectNone}</Button>
      </div>
      <ul className="max-h-96 divide-y divide-gray-100 overflow-y-auto rounded-lg border border-gray-200">
        {result.videos.map((v) => (
          <li key={v.path}>
            <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-gray-50">
              <input type="checkbox" checked={ticked.has(v.path)} onChange={(e) => toggle(v.path, e.target.checked)} />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-gray-900">{v.name}</span>
                <span className="block truncate text-xs text-gray-500">{v.directory}</span>
              </span>
              <span className="whitespace-nowrap text-xs text-gray-500">{formatBytes(v.size)}</span>
            </label>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
