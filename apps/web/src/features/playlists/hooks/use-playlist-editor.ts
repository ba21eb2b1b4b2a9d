import { useCallback, useEffect, useState } from 'react';
import { arrayMove } from '@dnd-kit/sortable';
import { toast } from '@/lib/toast.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow } from '@/i18n/runtime.ts';
import type { PlaylistVideo } from '../api/get-folder-videos.ts';
import { usePlaylistEntries } from '../api/get-playlist-entries.ts';

interface Draft {
  playlistId: number;
  videos: PlaylistVideo[];
  dirty: boolean;
}

/** Fisher–Yates; with two or more videos the order is guaranteed to change. */
function shuffled<T>(items: T[]): T[] {
  if (items.length < 2) return items;
  for (;;) {
    const next = [...items];
    for (let i = next.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [next[i], next[j]] = [next[j] as T, next[i] as T];
    }
    if (next.some((v, i) => v !== items[i])) return next;
  }
}

/**
 * The selected playlist's videos as they are being edited: loaded from the server, then
 * added to, removed from, reordered and shuffled here until 'Salvar Playlist'. While nothing
 * is pending, a reload of the server's list replaces the local one.
 */
export function usePlaylistEditor(playlistId: number | null) {
  const entries = usePlaylistEntries(playlistId);
  const [draft, setDraft] = useState<Draft | null>(null);

  useEffect(() => {
    if (playlistId === null || !entries.data) return;
    const list = entries.data;
    setDraft((d) => (d && d.playlistId === playlistId && d.dirty ? d : { playlistId, videos: list, dirty: false }));
  }, [playlistId, entries.data]);

  const loaded = playlistId === null ? undefined : entries.data;
  const current = draft && draft.playlistId === playlistId ? draft : null;
  // until the draft catches up with a newly selected playlist, its loaded list is what shows
  const videos = current?.videos ?? loaded ?? [];

  const edit = useCallback(
    (change: (videos: PlaylistVideo[]) => PlaylistVideo[]) => {
      if (playlistId === null) return;
      setDraft((d) => {
        const base = d && d.playlistId === playlistId ? d.videos : loaded;
        return base ? { playlistId, videos: change(base), dirty: true } : d;
      });
    },
    [playlistId, loaded],
  );

  const add = useCallback(
    (video: PlaylistVideo) => {
      if (videos.some((v) => v.id === video.id)) {
        toast.warning(textsNow(messageCatalogue).playlistDuplicateVideo);
        return;
      }
      edit((list) => [...list, video]);
    },
    [videos, edit],
  );

  const remove = useCallback((videoId: number) => edit((list) => list.filter((v) => v.id !== videoId)), [edit]);

  const move = useCallback(
    (activeId: number, overId: number) =>
      edit((list) => {
        const from = list.findIndex((v) => v.id === activeId);
        const to = list.findIndex((v) => v.id === overId);
        return from < 0 || to < 0 || from === to ? list : arrayMove(list, from, to);
      }),
    [edit],
  );

  const shuffle = useCallback(() => edit(shuffled), [edit]);

  /** After a save: what is shown is what the server holds. */
  const markSaved = useCallback(
    (id: number) => setDraft((d) => (d && d.playlistId === id ? { ...d, dirty: false } : d)),
    [],
  );

  return {
    videos,
    dirty: current?.dirty ?? false,
    loading: playlistId !== null && !current && !loaded && entries.isPending,
    failed: playlistId !== null && !current && !loaded && entries.isError,
    error: entries.error,
    retry: () => void entries.refetch(),
    add,
    remove,
    move,
    shuffle,
    markSaved,
  };
}
