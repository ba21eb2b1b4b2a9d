import { useMemo } from 'react';
import {
  DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors,
  type Announcements, type DragEndEvent, type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import CalendarPlus from 'lucide-react/icons/calendar-plus';
import ListOrdered from 'lucide-react/icons/list-ordered';
import Play from 'lucide-react/icons/play';
import Save from 'lucide-react/icons/save';
import Shuffle from 'lucide-react/icons/shuffle';
import Square from 'lucide-react/icons/square';
import { DRAG_ACTIVATION_PX, type Playlist } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { playlistsCatalogue } from '@/i18n/playlists.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { LoadingState, Spinner } from '@/components/ui/spinner.tsx';
import { formatClock } from '@/lib/format.ts';
import type { PlaylistVideo } from '../api/get-folder-videos.ts';
import { SortableEntry } from './sortable-entry.tsx';

export interface PlaylistEditorProps {
  playlist: Playlist | null;
  videos: PlaylistVideo[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  dirty: boolean;
  onMove: (activeId: number, overId: number) => void;
  onRemove: (videoId: number) => void;
  onSave: () => void;
  saving: boolean;
  onShuffle: () => void;
  /** Any broadcast is on air (the transmit button waits for it to end). */
  anyLive: boolean;
  /** This playlist is the one on air (or waiting for OBS): 'Finalizar Transmissão' instead. */
  onAir: boolean;
  onTransmit: () => void;
  starting: boolean;
  onFinish: () => void;
  stopping: boolean;
  onSchedule: () => void;
}

/** The right column: the selected playlist's videos in order, drag to reorder, and its actions. */
export function PlaylistEditor(p: PlaylistEditorProps) {
  const commonTexts = useTexts(commonCatalogue);
  const playlistsTexts = useTexts(playlistsCatalogue);
  const msg = useTexts(messageCatalogue);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_ACTIVATION_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const { videos } = p;
  const announcements = useMemo<Announcements>(() => {
    const label = (id: UniqueIdentifier | undefined) => videos.find((v) => v.id === id)?.nome ?? String(id ?? '');
    return {
      onDragStart: ({ active }) => commonTexts.dragStarted({ label: label(active.id) }),
      onDragOver: ({ active, over }) => (over ? commonTexts.dragOver({ label: label(active.id), over: label(over.id) }) : undefined),
      onDragEnd: ({ active, over }) => (over ? commonTexts.dragDropped({ label: label(active.id), over: label(over.id) }) : commonTexts.dragDroppedNowhere({ label: label(active.id) })),
      onDragCancel: ({ active }) => commonTexts.dragCancelled({ label: label(active.id) }),
    };
  }, [videos, commonTexts]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) p.onMove(Number(active.id), Number(over.id));
  };
  const total = videos.reduce((sum, v) => sum + (v.duracao > 0 ? v.duracao : 0), 0);

  return (
    <SectionCard
      title={p.playlist ? playlistsTexts.selectedPlaylistNamed({ name: p.playlist.nome }) : playlistsTexts.selectedPlaylistTitle}
      description={p.playlist ? playlistsTexts.totals({ n: videos.length, duration: formatClock(total) }) : undefined}
      icon={ListOrdered}
      actions={p.dirty ? <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-medium text-amber-800">{commonTexts.unsavedChanges}</span> : undefined}
    >
      <div className="space-y-4">
        {!p.playlist ? (
          <p className="py-6 text-center text-sm text-gray-500">{playlistsTexts.selectPlaylistHint}</p>
        ) : p.loading ? (
          <LoadingState label={playlistsTexts.entriesLoading} />
        ) : p.failed ? (
          <div className="flex flex-col items-center gap-3 py-6 text-sm">
            <p className="text-red-600">{msg.playlistsLoadError}</p>
            <Button variant="secondary" onClick={p.onRetry}>{msg.tryAgain}</Button>
          </div>
        ) : videos.length === 0 ? (
          <p className="py-6 text-center text-sm text-gray-500">{playlistsTexts.noEntries}</p>
        ) : (
          <>
            <p className="text-xs text-gray-500">{playlistsTexts.dragHint}</p>
            <DndContext
              sensors={sensors}
              collisionDetection={closestCenter}
              onDragEnd={onDragEnd}
              accessibility={{ announcements, screenReaderInstructions: { draggable: commonTexts.dragInstructions } }}
            >
              <SortableContext items={videos.map((v) => v.id)} strategy={verticalListSortingStrategy}>
                <ol aria-label={playlistsTexts.entriesLabel({ name: p.playlist.nome })} className="max-h-[32rem] space-y-2 overflow-y-auto">
                  {videos.map((v, i) => (
                    <SortableEntry key={v.id} video={v} position={i + 1} onRemove={() => p.onRemove(v.id)} />
                  ))}
                </ol>
              </SortableContext>
            </DndContext>
          </>
        )}

        <div className="flex flex-wrap gap-2 border-t border-gray-100 pt-4">
          <Button onClick={p.onSave} disabled={p.saving || p.starting}>
            {p.saving ? <Spinner className="h-4 w-4" /> : <Save className="h-4 w-4" aria-hidden="true" />}
            {p.saving ? commonTexts.saving : playlistsTexts.savePlaylist}
          </Button>
          <Button variant="secondary" onClick={p.onShuffle} disabled={videos.length < 2 || p.starting}>
            <Shuffle className="h-4 w-4" aria-hidden="true" />
            {playlistsTexts.shufflePlaylist}
          </Button>
          {p.onAir ? (
            <Button variant="danger" onClick={p.onFinish} disabled={p.stopping}>
              {p.stopping ? <Spinner className="h-4 w-4" /> : <Square className="h-4 w-4" aria-hidden="true" />}
              {commonTexts.finishBroadcast}
            </Button>
          ) : (
            <Button variant="success" onClick={p.onTransmit} disabled={videos.length === 0 || p.anyLive || p.starting || p.loading}>
              {p.starting ? <Spinner className="h-4 w-4" /> : <Play className="h-4 w-4" aria-hidden="true" />}
              {p.starting ? commonTexts.starting : playlistsTexts.transmitPlaylist}
            </Button>
          )}
          <Button variant="secondary" onClick={p.onSchedule}>
            <CalendarPlus className="h-4 w-4" aria-hidden="true" />
            {playlistsTexts.schedulePlaylist}
          </Button>
        </div>
        {p.anyLive && !p.onAir && p.playlist && <p className="text-xs text-gray-500">{playlistsTexts.transmitBlockedHint}</p>}
      </div>
    </SectionCard>
  );
}
