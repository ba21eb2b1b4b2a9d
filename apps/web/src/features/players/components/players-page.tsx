import { useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast.ts';
import Save from 'lucide-react/icons/save';
import Undo2 from 'lucide-react/icons/undo-2';
import { loginName, streamNameOf } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { playersCatalogue } from '@/i18n/players.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage, serverText } from '@/lib/api-client.ts';
import { useUser } from '@/lib/auth.ts';
import { useOwnerPreview } from '@/lib/owner-preview.ts';
import { buildPlayerUrl } from '@/lib/player-url.ts';
import { liveLabel, liveSinceMs, liveStats } from '@/lib/streaming-status.ts';
import { useUptime } from '@/lib/use-uptime.ts';
import { useCleanupInactive } from '../api/cleanup-inactive.ts';
import { useLogos } from '../api/get-logos.ts';
import { usePlayerSettings } from '../api/get-player-settings.ts';
import { usePlayerUrl } from '../api/get-player-url.ts';
import { useSavePlayerSettings } from '../api/save-player-settings.ts';
import { usePlayerDraft } from '../hooks/use-player-draft.ts';
import { useStreamState } from '../hooks/use-stream-state.ts';
import { EmbedCode, type EmbedOptions } from './embed-code.tsx';
import { PlayerPreview } from './player-preview.tsx';
import { PlayerTypePicker } from './player-type-picker.tsx';
import { PlayersHelp } from './players-help.tsx';
import { StreamStatusLine } from './stream-status-line.tsx';
import { WatermarkOptions } from './watermark-options.tsx';

const URL_ERROR_TOAST = 'players-url-error';

/** /dashboard/players: status, player type, watermark, the player itself, stream info and embed code. */
export function PlayersPage() {
  const commonTexts = useTexts(commonCatalogue);
  const playersTexts = useTexts(playersCatalogue);
  const { data: user } = useUser();
  const stream = useStreamState();
  const settings = usePlayerSettings();
  const logos = useLogos();
  const { draft, dirty, setPlayerType, setWatermark, reset } = usePlayerDraft(settings.data);
  const save = useSavePlayerSettings();
  const cleanup = useCleanupInactive();
  const [embed, setEmbed] = useState<EmbedOptions>({ contador: true, compartilhamento: false, ratio: '16:9' });
  const [frameKey, setFrameKey] = useState(0);
  const url = usePlayerUrl(
    settings.isPending ? null : { player: draft.player_type, contador: embed.contador, compartilhamento: embed.compartilhamento },
  );

  // Nothing live: end the broadcasts the media server no longer has, once per offline spell.
  const cleanedUp = useRef(false);
  const { mutate: runCleanup } = cleanup;
  useEffect(() => {
    if (stream.state === 'offline' && !cleanedUp.current) {
      cleanedUp.current = true;
      runCleanup();
    }
    if (stream.live) cleanedUp.current = false;
  }, [stream.state, stream.live, runCleanup]);

  useEffect(() => {
    if (url.isError) {
      console.error('Could not load the player URL:', url.error);
      toast.error(textsNow(messageCatalogue).playerLoadError, { toastId: URL_ERROR_TOAST });
    }
  }, [url.isError, url.error]);

  useEffect(() => {
    if (settings.isError) console.error('Could not load the player settings:', settings.error);
  }, [settings.isError, settings.error]);

  const s = stream.data;
  const login = user ? loginName(user) : '';
  const preview = useOwnerPreview(login);
  // the same address the embed code carries, on this panel's origin, plus the grant that keeps the owner out of the audience
  const src = buildPlayerUrl({
    login,
    stream: s?.obs_stream.streamName || (login ? streamNameOf(login) : undefined),
    player: draft.player_type,
    contador: embed.contador,
    compartilhamento: embed.compartilhamento,
    previa: preview.previa,
  });
  const measured = liveStats(s);
  const uptime = useUptime(stream.live ? liveSinceMs(s, stream.status.dataUpdatedAt) : null);
  const liveType = stream.state === 'playlist' ? commonTexts.liveTypePlaylist : stream.state === 'obs' ? commonTexts.liveTypeObs : undefined;

  function onSave() {
    const msg = textsNow(messageCatalogue);
    if (draft.watermark.enabled && draft.watermark.logo_id === null) {
      toast.error(msg.watermarkNeedsLogo);
      return;
    }
    save.mutate(draft, {
      onSuccess: (r) => {
        toast.success(serverText(r.message, textsNow(messageCatalogue).playerSettingsSaved));
        setFrameKey((k) => k + 1);
      },
      onError: (error) => toast.error(errorMessage(error, textsNow(messageCatalogue).playerSettingsSaveError)),
    });
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{playersTexts.title}</h1>
        <p className="mt-1 text-gray-500">{playersTexts.subtitle}</p>
      </div>

      <StreamStatusLine
        state={stream.state}
        lastCheck={stream.lastCheck}
        checking={stream.status.isFetching}
        onRefresh={() => void stream.status.refetch()}
      />

      {/* one column: preview, settings, embed; wide: settings beside preview and embed */}
      <div className="grid gap-6 xl:grid-cols-5 xl:grid-rows-[auto_1fr]">
        <div className="xl:col-span-3">
          <PlayerPreview
            src={src}
            pending={settings.isPending || preview.pending}
            frameKey={frameKey}
            ratio={embed.ratio}
            live={stream.live}
            liveType={liveType}
            info={
              s
                ? {
                  streamName: s.obs_stream.streamName,
                  title: s.transmission?.titulo || liveLabel(s),
                  bitrate: measured.bitrate,
                  uptime: uptime ?? s.obs_stream.uptime,
                  viewers: measured.viewers,
                }
                : null
            }
          />
        </div>
        <div className="space-y-6 xl:col-span-2 xl:row-span-2">
          <PlayerTypePicker value={draft.player_type} onChange={setPlayerType} />
          <WatermarkOptions value={draft.watermark} logos={logos.data ?? []} logosLoading={logos.isPending} onChange={setWatermark} />
          <div className="sticky bottom-4 flex flex-wrap items-center justify-end gap-3 rounded-xl border border-gray-200 bg-white/95 p-4 shadow-lg backdrop-blur">
            {dirty && <span className="mr-auto text-sm text-amber-700">{commonTexts.unsavedChanges}</span>}
            <Button variant="secondary" onClick={reset} disabled={!dirty || save.isPending}>
              <Undo2 className="h-4 w-4" aria-hidden="true" />
              {playersTexts.discardChanges}
            </Button>
            <Button onClick={onSave} disabled={!dirty || save.isPending || settings.isPending}>
              {save.isPending ? <Spinner className="h-4 w-4" /> : <Save className="h-4 w-4" aria-hidden="true" />}
              {save.isPending ? commonTexts.saving : playersTexts.savePlayerSettings}
            </Button>
          </div>
        </div>
        <div className="space-y-6 xl:col-span-3">
          <EmbedCode code={url.data?.embed_code} loading={url.isFetching} options={embed} onOptions={setEmbed} />
          <PlayersHelp />
        </div>
      </div>
    </div>
  );
}
