import { useEffect, useState } from 'react';
import { TIMINGS } from '@painel/contract';
import { formatClock } from './format.ts';

/** The time elapsed since `sinceMs`, as HH:MM:SS, ticking every second; null when there is no start. */
export function useUptime(sinceMs: number | null): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (sinceMs === null) return undefined;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), TIMINGS.uptimeTickMs);
    return () => window.clearInterval(timer);
  }, [sinceMs]);
  return sinceMs === null ? null : formatClock((now - sinceMs) / 1000);
}
