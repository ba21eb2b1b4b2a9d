import { USAGE_BAR } from '@painel/contract';
import { ProgressBar, type ProgressTone } from './progress-bar.tsx';

/** Green up to 70 %, yellow above 70 %, red above 90 %. */
export function usageTone(percent: number): ProgressTone {
  if (percent > USAGE_BAR.dangerAbove) return 'red';
  if (percent > USAGE_BAR.warnAbove) return 'yellow';
  return 'green';
}

/** A storage usage bar, coloured by how full it is and capped at 100 %. */
export function UsageBar({ percent, label, className }: { percent: number; label: string; className?: string }) {
  return <ProgressBar value={percent} label={label} tone={usageTone(percent)} {...(className ? { className } : {})} />;
}
