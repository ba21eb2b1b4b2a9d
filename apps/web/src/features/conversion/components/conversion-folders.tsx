import Folder from 'lucide-react/icons/folder';
import FolderOpen from 'lucide-react/icons/folder-open';
import Folders from 'lucide-react/icons/folders';
import { commonCatalogue } from '@/i18n/common.ts';
import { conversionCatalogue } from '@/i18n/conversion.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/cn.ts';
import type { FolderItem } from '@/lib/folders.ts';

/** The folder cards: choosing one shows its videos below. */
export function ConversionFolders({
  folders, loading, failed, selectedId, onSelect,
}: {
  folders: FolderItem[] | undefined;
  loading: boolean;
  failed: boolean;
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const conversionTexts = useTexts(conversionCatalogue);
  const msg = useTexts(messageCatalogue);
  return (
    <SectionCard title={commonTexts.folders} icon={Folders}>
      {loading && <LoadingState label={commonTexts.foldersLoading} />}
      {!loading && failed && !folders && <p className="py-6 text-center text-sm text-red-600">{msg.foldersLoadError}</p>}
      {folders && folders.length === 0 && <p className="py-6 text-center text-sm text-gray-500">{conversionTexts.noFolders}</p>}
      {folders && folders.length > 0 && (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {folders.map((f) => {
            const selected = f.id === selectedId;
            const Icon = selected ? FolderOpen : Folder;
            return (
              <li key={f.id}>
                <button
                  type="button"
                  aria-pressed={selected}
                  onClick={() => onSelect(f.id)}
                  className={cn(
                    'flex w-full items-center gap-3 rounded-xl border bg-white p-4 text-left shadow-sm transition-colors',
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
                    selected ? 'border-blue-500 ring-2 ring-blue-200' : 'border-gray-200 hover:border-blue-300',
                  )}
                >
                  <Icon className={cn('h-6 w-6 shrink-0', selected ? 'text-blue-600' : 'text-amber-500')} aria-hidden="true" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold text-gray-900">{f.nome}</span>
                    <span className="block text-sm text-gray-500">{conversionTexts.folderVideoCount({ n: f.video_count_db })}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </SectionCard>
  );
}
