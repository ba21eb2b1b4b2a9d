import { cn } from '@/lib/cn.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { useTexts } from '@/i18n/runtime.ts';

/** The red pulsing 'AO VIVO' badge, optionally followed by the source type (OBS, Playlist). */
export function LiveBadge({ type, className, testId = 'live-badge' }: { type?: string | undefined; className?: string; testId?: string }) {
  const msg = useTexts(messageCatalogue);
  return (
    <span
      data-testid={testId}
      className={cn(
        'inline-flex items-center gap-2 rounded-full bg-red-600 px-3 py-1 text-xs font-bold tracking-wide text-white shadow',
        className,
      )}
    >
      <span className="relative flex h-2 w-2" aria-hidden="true">
        <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-white opacity-75" />
        <span className="relative inline-flex h-2 w-2 rounded-full bg-white" />
      </span>
      {msg.liveBadge}
      {type ? <span className="rounded bg-red-800 px-1.5 py-0.5 text-[11px] font-semibold">{type}</span> : null}
    </span>
  );
}
