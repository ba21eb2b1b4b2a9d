import { USAGE_BAR } from '@painel/contract';
import type { ProgressTone } from '@/components/ui/progress-bar.tsx';

/** Spec §9: red above 90 %, yellow above 70 %, else green. */
export function usageTone(percent: number): ProgressTone {
  if (percent > USAGE_BAR.dangerAbove) return 'red';
  if (percent > USAGE_BAR.warnAbove) return 'yellow';
  return 'green';
}
