import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import GripVertical from 'lucide-react/icons/grip-vertical';
import X from 'lucide-react/icons/x';
import { commonCatalogue } from '@/i18n/common.ts';
import { playlistsCatalogue } from '@/i18n/playlists.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { cn } from '@/lib/cn.ts';
import { formatDuration } from '@/lib/format.ts';
import type { PlaylistVideo } from '../api/get-folder-videos.ts';

/**
 * One video of the selected playlist. The pointer drags the whole row (after 8 px, so the
 * remove button still clicks); the keyboard drags through the handle.
 */
export function SortableEntry({ video, position, onRemove }: { video: PlaylistVideo; position: number; onRemove: () => void }) {
  const commonTexts = useTexts(commonCatalogue);
  const playlistsTexts = useTexts(playlistsCatalogue);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: video.id,
    attributes: { roleDescription: commonTexts.sortableRole },
  });

  return (
    <li
      ref={setNodeRef}
      data-testid="entrada-playlist"
      {...listeners}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(
        'flex cursor-grab items-center gap-3 rounded-lg border bg-white px-3 py-2 active:cursor-grabbing',
        isDragging ? 'relative z-10 border-blue-300 shadow-lg ring-2 ring-blue-200' : 'border-gray-200',
      )}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        aria-label={commonTexts.dragItem({ label: video.nome })}
        className="touch-none rounded-md p-1 text-gray-400 hover:bg-gray-100 hover:text-gray-600 focus-visible:outline-2 focus-visible:outline-blue-500"
      >
        <GripVertical className="h-5 w-5" aria-hidden="true" />
      </button>
      <span className="w-7 shrink-0 text-right text-sm font-semibold text-gray-400 tabular-nums">{position}</span>
      <span className="min-w-0 flex-1 truncate text-sm font-medium text-gray-900" title={video.nome}>{video.nome}</span>
      <span className="shrink-0 text-sm text-gray-500 tabular-nums">{formatDuration(video.duracao)}</span>
      <button
        type="button"
        onClick={onRemove}
        aria-label={playlistsTexts.removeFromPlaylist({ name: video.nome })}
        title={playlistsTexts.removeFromPlaylist({ name: video.nome })}
        className="rounded-md p-1.5 text-red-600 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </li>
  );
}
