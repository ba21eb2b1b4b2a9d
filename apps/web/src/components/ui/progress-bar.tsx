import { cn } from '@/lib/cn.ts';

export type ProgressTone = 'blue' | 'green' | 'yellow' | 'red';

const TONES: Record<ProgressTone, string> = {
  blue: 'bg-blue-600',
  green: 'bg-green-500',
  yellow: 'bg-yellow-500',
  red: 'bg-red-500',
};

/** A horizontal bar; `value` is a percentage, drawn within 0–100 whatever it is. */
export function ProgressBar({
  value, label, tone = 'blue', className,
}: {
  value: number;
  /** The accessible name of the bar. */
  label: string;
  tone?: ProgressTone;
  className?: string;
}) {
  const shown = Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(shown)}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-gray-200', className)}
    >
      <div className={cn('h-full rounded-full transition-[width] duration-300', TONES[tone])} style={{ width: `${shown}%` }} />
    </div>
  );
}
