import { useId } from 'react';
import ListChecks from 'lucide-react/icons/list-checks';
import Trash2 from 'lucide-react/icons/trash-2';
import Upload from 'lucide-react/icons/upload';
import X from 'lucide-react/icons/x';
import { commonCatalogue } from '@/i18n/common.ts';
import { ftpMigrationCatalogue } from '@/i18n/ftp-migration.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import type { FolderItem } from '@/lib/folders.ts';
import { formatBytes } from '@/lib/format.ts';
import type { SelectedFile } from '../hooks/use-ftp-browser.ts';

/** The files ticked so far (from any directory), the destination folder and the migrate button. */
export function SelectionPanel({
  selected, folders, folderId, onFolder, onRemove, onClear, onMigrate, starting,
}: {
  selected: ReadonlyMap<string, SelectedFile>;
  folders: FolderItem[];
  folderId: number | null;
  onFolder: (id: number | null) => void;
  onRemove: (file: SelectedFile) => void;
  onClear: () => void;
  onMigrate: () => void;
  starting: boolean;
}) {
  const id = useId();
  const commonTexts = useTexts(commonCatalogue);
  const t = useTexts(ftpMigrationCatalogue);
  const files = [...selected.values()];
  const total = files.reduce((sum, f) => sum + f.size, 0);
  return (
    <SectionCard title={t.selectionTitle} icon={ListChecks}>
      {files.length === 0 ? (
        <p className="text-sm text-gray-500">{t.selectionEmpty}</p>
      ) : (
        <>
          <div className="mb-2 flex items-center justify-between gap-2 text-sm">
            <span className="font-medium text-gray-700">{t.selectionSummary({ n: files.length, size: formatBytes(total) })}</span>
            <button type="button" onClick={onClear} className="inline-flex items-center gap-1 text-red-600 hover:underline">
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              {t.clearSelection}
            </button>
          </div>
          <ul aria-label={t.selectionTitle} className="max-h-72 divide-y divide-gray-100 overflow-y-auto rounded-lg border border-gray-200">
            {files.map((f) => (
              <li key={f.path} className="flex items-center gap-2 px-3 py-2 text-sm">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-gray-900" title={f.name}>{f.name}</p>
                  <p className="truncate text-xs text-gray-500" title={f.path}>{f.path}</p>
                </div>
                <span className="whitespace-nowrap text-xs text-gray-500">{formatBytes(f.size)}</span>
                <button type="button" aria-label={t.removeFromSelection({ name: f.name })} onClick={() => onRemove(f)} className="rounded p-1 text-gray-400 hover:bg-gray-100 hover:text-gray-700">
                  <X className="h-4 w-4" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="mt-4 space-y-3">
        <div>
          <label htmlFor={`${id}-pasta`} className="mb-1 block text-sm font-medium text-gray-700">{commonTexts.destinationFolder}</label>
          <select
            id={`${id}-pasta`}
            value={folderId ?? ''}
            onChange={(e) => onFolder(e.target.value ? Number(e.target.value) : null)}
            className="w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-200 focus:outline-none"
          >
            <option value="">{commonTexts.selectFolder}</option>
            {folders.map((f) => <option key={f.id} value={f.id}>{f.nome}</option>)}
          </select>
        </div>
        <Button variant="success" className="w-full" disabled={starting} onClick={onMigrate}>
          {starting ? <Spinner className="h-4 w-4" /> : <Upload className="h-4 w-4" aria-hidden="true" />}
          {starting ? commonTexts.starting : t.migrate}
        </Button>
      </div>
    </SectionCard>
  );
}
