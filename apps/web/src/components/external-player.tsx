import { useCallback, useEffect, useRef, useState } from 'react';
import AlertTriangle from 'lucide-react/icons/alert-triangle';
import ExternalLink from 'lucide-react/icons/external-link';
import MonitorPlay from 'lucide-react/icons/monitor-play';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { commonCatalogue } from '@/i18n/common.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { cn } from '@/lib/cn.ts';
import { Button } from './ui/button.tsx';
import { LiveBadge } from './ui/live-badge.tsx';
import { Spinner } from './ui/spinner.tsx';

export const PLAYER_ASPECT_RATIOS = ['16:9', '4:3', '1:1'] as const;
export type PlayerAspectRatio = (typeof PLAYER_ASPECT_RATIOS)[number];

const ASPECT_CLASS: Record<PlayerAspectRatio, string> = {
  '16:9': 'aspect-video',
  '4:3': 'aspect-[4/3]',
  '1:1': 'aspect-square',
};

/** Without a load event in this time the player page is taken as unreachable. */
const LOAD_TIMEOUT_MS = 20_000;

export interface ExternalPlayerProps {
  /** The player iframe address; null when it could not be built; undefined when there is nothing to play. */
  src: string | null | undefined;
  /** The accessible name of the iframe. */
  title?: string | undefined;
  isLive?: boolean | undefined;
  /** Shown in the AO VIVO badge (OBS, Playlist). */
  liveType?: string | undefined;
  aspectRatio?: PlayerAspectRatio | undefined;
  /** The address is still being worked out (settings loading): show the loading state, no frame yet. */
  pending?: boolean | undefined;
  className?: string | undefined;
}

/**
 * The embedded external player: the panel's player page in an iframe, so a
 * preview is exactly what an embed shows. Loading, error (retry, open in a new tab) and empty states.
 */
export function ExternalPlayer({ src, title, isLive = false, liveType, aspectRatio = '16:9', pending = false, className }: ExternalPlayerProps) {
  const commonTexts = useTexts(commonCatalogue);
  const msg = useTexts(messageCatalogue);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const frameRef = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    setState('loading');
  }, [src, attempt]);

  useEffect(() => {
    if (!src || pending || state !== 'loading') return undefined;
    const timer = window.setTimeout(() => setState('error'), LOAD_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [src, pending, state, attempt]);

  const onLoad = useCallback(() => {
    // Same origin: no readable document (the browser's own error page) or an API error answer
    // (JSON) instead of the player page is a failed load. Another origin cannot be inspected;
    // its load event is all there is.
    let failed = false;
    try {
      if (src && new URL(src, window.location.href).origin === window.location.origin) {
        const doc = frameRef.current?.contentDocument;
        failed = !doc || doc.contentType !== 'text/html';
      }
    } catch {
      failed = false;
    }
    if (failed) console.error('The external player did not load:', src);
    setState(failed ? 'error' : 'ready');
  }, [src]);

  const box = cn('relative w-full overflow-hidden rounded-xl bg-gray-950', ASPECT_CLASS[aspectRatio], className);

  if (src === undefined && !pending) {
    return (
      <div className={cn(box, 'flex flex-col items-center justify-center gap-2 text-gray-400')}>
        <MonitorPlay className="h-12 w-12" aria-hidden="true" />
        <p className="font-medium text-gray-200">{msg.externalPlayerEmpty}</p>
        <p className="px-6 text-center text-sm">{commonTexts.externalPlayerEmptyHint}</p>
      </div>
    );
  }

  const error = pending ? null : src === null ? msg.playerUrlUnbuildable : state === 'error' ? msg.externalPlayerLoadError : null;

  // the badge sits above the picture: inside it would cover the player's own watermark and controls
  return (
    <div className="space-y-2">
      {isLive && !error && <LiveBadge type={liveType} testId="external-player-live-badge" />}
      <div className={box}>
        {src && !pending && state !== 'error' && (
          <iframe
            key={attempt}
            ref={frameRef}
            src={src}
            title={title || commonTexts.playerFrameTitle}
            data-testid="external-player-iframe"
            onLoad={onLoad}
            onError={() => setState('error')}
            allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
            referrerPolicy="same-origin"
            className="absolute inset-0 h-full w-full border-0"
          />
        )}

        {!error && state === 'loading' && (
          <div role="status" className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-3 bg-gray-950 text-gray-200">
            <Spinner className="h-8 w-8 text-blue-400" />
            <span className="text-sm">{msg.playerLoading}</span>
          </div>
        )}

        {error && (
          <div role="alert" className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-3 bg-gray-950 p-6 text-center">
            <AlertTriangle className="h-10 w-10 text-red-400" aria-hidden="true" />
            <p className="text-lg font-semibold text-white">{msg.playerErrorTitle}</p>
            <p className="text-sm text-gray-300">{error}</p>
            <div className="mt-2 flex flex-wrap justify-center gap-2">
              <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)} disabled={src === null}>
                <RefreshCw className="h-4 w-4" aria-hidden="true" />
                {msg.tryAgain}
              </Button>
              {src && (
                <Button variant="primary" onClick={() => window.open(src, '_blank', 'noopener,noreferrer')}>
                  <ExternalLink className="h-4 w-4" aria-hidden="true" />
                  {msg.openExternal}
                </Button>
              )}
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
