import { dashboardTexts } from '@/i18n/pt-BR/dashboard.ts';

/** Share of the quota in use, one decimal, not capped (the bar caps itself). */
export function storagePercent(usedMb: number, totalMb: number): number {
  if (!(totalMb > 0) || !(usedMb > 0)) return 0;
  return Math.round((usedMb / totalMb) * 1000) / 10;
}

/** 1234.5 → '1.234,5 MB' */
export function formatMb(mb: number): string {
  return dashboardTexts.megabytesText({ value: (Number.isFinite(mb) ? mb : 0).toLocaleString('pt-BR', { maximumFractionDigits: 2 }) });
}
