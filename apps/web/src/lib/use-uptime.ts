import { useEffect, useState } from 'react';
import { TIMINGS } from '@painel/contract';

/** Seconds as HH:MM:SS (hours keep counting past 99 instead of wrapping). */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

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
