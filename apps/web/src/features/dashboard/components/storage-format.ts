/** Share of the quota in use, one decimal, not capped (the bar caps itself). */
export function storagePercent(usedMb: number, totalMb: number): number {
  if (!(totalMb > 0) || !(usedMb > 0)) return 0;
  return Math.round((usedMb / totalMb) * 1000) / 10;
}
