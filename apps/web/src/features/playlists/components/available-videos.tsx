import { useEffect, useId, useState } from 'react';
import { toast } from '@/lib/toast.ts';
import Check from 'lucide-react/icons/check';
import Film from 'lucide-react/icons/film';
import Plus from 'lucide-react/icons/plus';
import { commonCatalogue } from '@/i18n/common.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { playlistsCatalogue } from '@/i18n/playlists.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useFolders } from '@/lib/folders.ts';
import { formatBitrate, formatDuration } from '@/lib/format.ts';
import { useFolderVideos, type PlaylistVideo } from '../api/get-folder-videos.ts';
import { candidateRefusal } from '@painel/contract';

/** The left column: a folder selector and its videos; only candidates can be added. */
export function AvailableVideos({
  limitKbps, inPlaylist, onAdd,
}: {
  limitKbps: number;
  inPlaylist: ReadonlySet<number>;
  onAdd: (video: PlaylistVideo) => void;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const playlistsTexts = useTexts(playlistsCatalogue);
  const msg = useTexts(messageCatalogue);
  const columns = playlistsTexts.availableColumns;
  const selectId = useId();
  const folders = useFolders();
  const [chosen, setChosen] = useState<number | null>(null);
  // the first folder until the user picks one; a folder that vanished is no longer chosen
  const list = folders.data ?? [];
  const folder = list.find((f) => f.id === chosen) ?? (chosen === null ? list[0] : undefined);
  const videos = useFolderVideos(folder?.id ?? null);

  useEffect(() => {
    if (folders.error) toast.error(errorMessage(folders.error, msg.foldersLoadError), { toastId: 'folders-load-error' });
  }, [folders.error]);
  useEffect(() => {
    if (videos.error) toast.error(errorMessage(videos.error, msg.videosLoadError), { toastId: 'videos-load-error' });
  }, [videos.error]);

  return (
    <SectionCard title={playlistsTexts.availableVideosTitle} description={playlistsTexts.availableVideosHint} icon={Film}>
      <div className="space-y-4">
        <div>
          <label htmlFor={selectId} className="mb-1 block text-sm font-medium text-gray-700">{playlistsTexts.folderLabel}</label>
          <select
            id={selectId}
            value={folder?.id ?? ''}
            onChange={(e) => setChosen(e.target.value ? Number(e.target.value) : null)}
            disabled={folders.isPending}
            className="w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-200 focus:outline-none"
          >
            {!folder && <option value="">{folders.isPending ? commonTexts.foldersLoading : commonTexts.selectFolder}</option>}
            {list.map((f) => <option key={f.id} value={f.id}>{f.nome}</option>)}
          </select>
        </div>

        {folders.data && list.length === 0 && <p className="py-6 text-center text-sm text-gray-500">{playlistsTexts.noFolders}</p>}
        {list.length > 0 && !folder && <p className="py-6 text-center text-sm text-gray-500">{playlistsTexts.pickFolder}</p>}
        {folder && videos.isPending && <LoadingState label={commonTexts.videosLoading} />}
        {folder && videos.isError && !videos.data && (
          <div className="flex flex-col items-center gap-3 py-6 text-sm">
            <p className="text-red-600">{msg.folderVideosLoadError}</p>
            <Button variant="secondary" onClick={() => void videos.refetch()}>{msg.tryAgain}</Button>
          </div>
        )}
        {folder && videos.data?.length === 0 && <p className="py-6 text-center text-sm text-gray-500">{commonTexts.folderEmpty}</p>}
        {folder && videos.data && videos.data.length > 0 && (
          // a container: in a narrow column (two columns on a laptop) the button keeps only its icon
          <div className="@container max-h-[32rem] overflow-auto">
            {/* fixed layout: the name takes what the other columns leave and truncates, so 'Adicionar' never falls off the card */}
            <table className="w-full table-fixed text-left text-sm">
              <caption className="sr-only">{playlistsTexts.availableVideosCaption({ folder: folder.nome })}</caption>
              <colgroup>
                <col />
                {/* on a phone, duration and bitrate move under the name, which keeps room to be read */}
                <col className="hidden w-24 @sm:table-column" />
                <col className="hidden w-24 @sm:table-column" />
                <col className="w-16 @lg:w-36" />
              </colgroup>
              <thead className="sticky top-0 bg-gray-50 text-xs font-semibold tracking-wide text-gray-500 uppercase">
                <tr>
                  {columns.map((c, i) => (
                    <th key={c} scope="col" className={`px-3 py-2 whitespace-nowrap${i === 1 || i === 2 ? ' hidden @sm:table-cell' : ''}`}>{c}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {videos.data.map((v) => {
                  const refusal = candidateRefusal(v, limitKbps, msg);
                  const added = inPlaylist.has(v.id);
                  return (
                    <tr key={v.id} data-testid="video-disponivel" className="border-t border-gray-100">
                      <td className="px-3 py-2">
                        <span className="block truncate font-medium text-gray-900" title={v.nome}>{v.nome}</span>
                        <span className="flex flex-wrap gap-x-2 text-xs text-gray-500 @sm:hidden">
                          <span className="tabular-nums">{formatDuration(v.duracao)}</span>
                          <span>{v.bitrate_video > 0 ? formatBitrate(v.bitrate_video) : commonTexts.notAvailable}</span>
                        </span>
                        {refusal && <span className="block text-xs text-red-600">{playlistsTexts.videoNotCandidate({ reason: refusal })}</span>}
                        {added && (
                          <span className="inline-flex items-center gap-1 text-xs text-green-700">
                            <Check className="h-3 w-3" aria-hidden="true" />
                            {playlistsTexts.videoInPlaylist}
                          </span>
                        )}
                      </td>
                      <td className="hidden px-3 py-2 whitespace-nowrap text-gray-600 tabular-nums @sm:table-cell">{formatDuration(v.duracao)}</td>
                      <td className="hidden px-3 py-2 whitespace-nowrap text-gray-600 @sm:table-cell">{v.bitrate_video > 0 ? formatBitrate(v.bitrate_video) : commonTexts.notAvailable}</td>
                      <td className="px-3 py-2">
                        <Button
                          variant="secondary"
                          className="px-2.5 py-1.5"
                          onClick={() => onAdd(v)}
                          disabled={refusal !== null}
                          aria-label={playlistsTexts.addVideoToPlaylist({ name: v.nome })}
                          title={refusal ? playlistsTexts.videoNotCandidate({ reason: refusal }) : playlistsTexts.addVideoToPlaylist({ name: v.nome })}
                        >
                          <Plus className="h-4 w-4" aria-hidden="true" />
                          <span className="sr-only @lg:not-sr-only">{playlistsTexts.addVideo}</span>
                        </Button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </SectionCard>
  );
}
