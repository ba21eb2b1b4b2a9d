import { useMemo } from 'react';
import { DEFAULT_SETTINGS } from '@painel/contract';
import { getToken } from './token.ts';
import { useUserSettings } from './user-settings.ts';

/**
 * Formats the server's UTC timestamps in the time zone the account chose in its settings
 * (São Paulo by default), whatever the zone of the computer showing the page.
 */
export function useDateTimeFormat() {
  const settings = useUserSettings({ enabled: getToken() !== null });
  const timeZone = settings.data?.timezone ?? DEFAULT_SETTINGS.timezone;
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat('pt-BR', { timeZone, dateStyle: 'short', timeStyle: 'medium' });
    const time = new Intl.DateTimeFormat('pt-BR', { timeZone, timeStyle: 'medium' });
    const toDate = (v: string | number | Date) => (v instanceof Date ? v : new Date(v));
    return {
      timeZone,
      dateTime: (v: string | number | Date) => dateTime.format(toDate(v)),
      time: (v: string | number | Date) => time.format(toDate(v)),
    };
  }, [timeZone]);
}
