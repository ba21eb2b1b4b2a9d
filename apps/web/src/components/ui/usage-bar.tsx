import { USAGE_BAR } from '@painel/contract';
import { cn } from '@/lib/cn.ts';

/** Green up to 70 %, yellow above 70 %, red above 90 % (core spec §9). */
export function usageTone(percent: number): string {
  if (percent > USAGE_BAR.dangerAbove) return 'bg-red-500';
  if (percent > USAGE_BAR.warnAbove) return 'bg-yellow-500';
  return 'bg-green-500';
}

/** A usage bar (a progressbar for assistive technology), capped at 100 %. */
export function UsageBar({ percent, label, className }: { percent: number; label: string; className?: string }) {
  const shown = Math.min(100, Math.max(0, percent));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(shown)}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-gray-200', className)}
    >
      <div className={cn('h-full rounded-full transition-all', usageTone(percent))} style={{ width: `${shown}%` }} />
    </div>
  );
}
