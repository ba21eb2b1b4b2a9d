import { useEffect, useRef, useState } from 'react';
import type Hls from 'hls.js';
import { commonCatalogue } from '@/i18n/common.ts';
import { dashboardCatalogue } from '@/i18n/dashboard.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { getToken } from '@/lib/token.ts';

/** A live HLS stream can lag its publish by a few seconds; a failed load is retried this often. */
const RETRY_MS = 3000;

/**
 * The live HLS stream in a <video>, through hls.js (loaded on first use: it is large), or
 * natively where the browser plays HLS itself. Muted so autoplay is allowed; the viewer unmutes.
 */
export function LiveVideo({ src, label, deep = false }: { src: string; label: string; deep?: boolean }) {
  const commonTexts = useTexts(commonCatalogue);
  const dashboardTexts = useTexts(dashboardCatalogue);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return undefined;
    let hls: Hls | null = null;
    let retry: number | undefined;
    let cancelled = false;
    setPlaying(false);
    const play = () => void video.play().catch(() => undefined);

    void import('hls.js/light').then(({ default: HlsCtor }) => {
      if (cancelled) return;
      if (!HlsCtor.isSupported()) {
        if (video.canPlayType('application/vnd.apple.mpegurl')) {
          video.src = src;
          play();
        }
        return;
      }
      const instance = new HlsCtor({
        // a playlist or relay carries its videos' own keyframes (often 10 s apart): half a minute of
        // buffer, so a long fragment never finds the player empty; OBS keeps its low latency
        ...(deep ? { liveSyncDuration: 30, liveMaxLatencyDuration: 90, maxBufferLength: 60 } : { liveSyncDurationCount: 3 }),
        // OBS's 2-s fragments are small: demuxing them here avoids starting a worker before the first picture
        enableWorker: deep,
        manifestLoadingMaxRetry: 4, levelLoadingMaxRetry: 4,
        // the owner watching their own channel here is not audience: the playlist requests say who asks
        xhrSetup: (xhr, url) => {
          const token = getToken();
          if (token && new URL(url, location.href).origin === location.origin) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
        },
      });
      hls = instance;
      instance.on(HlsCtor.Events.MANIFEST_PARSED, play);
      instance.on(HlsCtor.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        if (data.type === HlsCtor.ErrorTypes.MEDIA_ERROR) {
          instance.recoverMediaError();
          return;
        }
        // the playlist is not there yet (publish just began) or the network blinked: try again
        setPlaying(false);
        window.clearTimeout(retry);
        retry = window.setTimeout(() => {
          instance.loadSource(src);
          instance.startLoad();
        }, RETRY_MS);
      });
      // the media element is ready by the time the playlist arrives
      instance.attachMedia(video);
      instance.loadSource(src);
    });

    return () => {
      cancelled = true;
      window.clearTimeout(retry);
      hls?.destroy();
      video.removeAttribute('src');
      video.load();
    };
  }, [src, deep]);

  return (
    <div className="relative h-full w-full bg-black">
      <video
        ref={videoRef}
        data-testid="dashboard-player"
        aria-label={commonTexts.livePlayerLabel({ label })}
        className="h-full w-full"
        controls
        muted
        autoPlay
        playsInline
        onPlaying={() => setPlaying(true)}
        onWaiting={() => setPlaying(false)}
      />
      {!playing && (
        <div role="status" className="pointer-events-none absolute inset-0 flex items-center justify-center gap-3 bg-black/60 text-sm text-gray-200">
          <Spinner className="text-blue-400" />
          {dashboardTexts.liveConnecting}
        </div>
      )}
    </div>
  );
}
