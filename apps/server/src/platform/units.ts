export const MB = 1024 * 1024;

/** Two decimals, as every MB figure and percentage the panel shows. */
export const round2 = (n: number): number => Math.round(n * 100) / 100;

/** Bytes as MB with two decimals. */
export const toMb = (bytes: number): number => round2(bytes / MB);

/** `used` as a percentage of `total` with two decimals, 0 when there is no total. */
export const percentOf = (used: number, total: number): number => (total > 0 ? round2((used / total) * 100) : 0);
