import { useId, type MouseEvent, type ReactNode } from 'react';
import Folder from 'lucide-react/icons/folder';
import FolderOpen from 'lucide-react/icons/folder-open';
import Pencil from 'lucide-react/icons/pencil';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import Trash2 from 'lucide-react/icons/trash-2';
import { commonCatalogue } from '@/i18n/common.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { videosCatalogue } from '@/i18n/videos.ts';
import { cn } from '@/lib/cn.ts';
import { formatMegabytes, formatPercent } from '@/lib/format.ts';
import type { FolderInfoItem } from '../api/get-folder-info.ts';
import type { FolderItem } from '@/lib/folders.ts';
import { UsageBar } from '@/components/ui/usage-bar.tsx';

function IconAction({
  label, onClick, disabled, danger, busy, children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      aria-busy={busy || undefined}
      onClick={(e: MouseEvent) => {
        e.stopPropagation();
        onClick();
      }}
      className={cn(
        'rounded-lg p-1.5 text-gray-500 transition-colors focus-visible:outline-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-50',
        danger ? 'hover:bg-red-50 hover:text-red-600' : 'hover:bg-gray-100 hover:text-gray-800',
      )}
    >
      {children}
    </button>
  );
}

/**
 * One folder: a button named by the folder (selects it), its actions, and its counters.
 * The selected folder shows its fresh info (`info`) merged over the list's entry.
 */
export function FolderCard({
  folder, info, selected, syncing, recording = false, onSelect, onRename, onSync, onDelete,
}: {
  folder: FolderItem;
  info?: FolderInfoItem | undefined;
  selected: boolean;
  syncing: boolean;
  /** A broadcast is being recorded into this folder ('Gravações'). */
  recording?: boolean;
  onSelect: () => void;
  onRename: () => void;
  onSync: () => void;
  onDelete: () => void;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const videosTexts = useTexts(videosCatalogue);
  const countersId = useId();
  const f = info ? { ...folder, ...info } : folder;
  const pct = Math.round(f.percentage_used * 100) / 100;
  const Icon = selected ? FolderOpen : Folder;

  return (
    <li
      onClick={onSelect}
      className={cn(
        'flex cursor-pointer flex-col gap-3 rounded-xl border bg-white p-4 shadow-sm transition-colors',
        selected ? 'border-blue-500 ring-2 ring-blue-200' : 'border-gray-200 hover:border-blue-300',
      )}
    >
      <div className="flex items-start gap-2">
        <button
          type="button"
          aria-pressed={selected}
          aria-describedby={countersId}
          onClick={(e) => {
            e.stopPropagation();
            onSelect();
          }}
          className="flex min-w-0 flex-1 items-center gap-2 rounded-lg text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          <Icon className={cn('h-6 w-6 shrink-0', selected ? 'text-blue-600' : 'text-amber-500')} aria-hidden="true" />
          <span className="min-w-0 font-semibold break-words text-gray-900">{folder.nome}</span>
        </button>
        {recording && (
          <span data-testid="folder-recording-badge" title={videosTexts.recordingBadgeHint} className="inline-flex shrink-0 items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-700">
            <span className="h-2 w-2 animate-pulse rounded-full bg-red-600" aria-hidden="true" />
            {videosTexts.recordingBadge}
            <span className="sr-only">{videosTexts.recordingBadgeHint}</span>
          </span>
        )}
        <div className="flex shrink-0 items-center">
          <IconAction label={videosTexts.renameFolderAction({ name: folder.nome })} onClick={onRename}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
          </IconAction>
          <IconAction label={videosTexts.syncFolderAction({ name: folder.nome })} onClick={onSync} disabled={syncing} busy={syncing}>
            <RefreshCw className={cn('h-4 w-4', syncing && 'animate-spin')} aria-hidden="true" />
          </IconAction>
          <IconAction label={videosTexts.deleteFolderAction({ name: folder.nome })} onClick={onDelete} danger>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </IconAction>
        </div>
      </div>

      <div id={countersId} className="space-y-2 text-sm text-gray-600">
        <div className="flex flex-wrap justify-between gap-x-3">
          <span>{commonTexts.videoCount({ n: f.video_count_db })}</span>
          <span>{videosTexts.folderSpaceUsed({ size: formatMegabytes(f.espaco_usado) })}</span>
        </div>
        <UsageBar percent={pct} label={videosTexts.folderUsage({ name: folder.nome, pct: formatPercent(pct, 1) })} />
        {info?.server_info && (
          <p className={cn('text-xs', info.server_info.exists ? 'text-gray-500' : 'text-amber-700')}>
            {info.server_info.exists ? videosTexts.folderOnServer({ n: info.server_info.file_count }) : videosTexts.folderNotOnServer}
          </p>
        )}
      </div>
    </li>
  );
}
