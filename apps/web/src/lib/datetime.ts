import { useMemo } from 'react';
import { DEFAULT_SETTINGS } from '@painel/contract';
import { getToken } from './token.ts';
import { useUserSettings } from './user-settings.ts';
import { useLocale } from '../i18n/runtime.ts';

/**
 * Formats the server's UTC timestamps in the time zone and the regional format the account
 * chose in its settings (São Paulo by default) and in the panel's language, whatever the computer
 * showing the page is set to.
 */
export function useDateTimeFormat() {
  const settings = useUserSettings({ enabled: getToken() !== null });
  const timeZone = settings.data?.timezone ?? DEFAULT_SETTINGS.timezone;
  const locale = useLocale();
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'short', timeStyle: 'medium' });
    const time = new Intl.DateTimeFormat(locale, { timeZone, timeStyle: 'medium' });
    const toDate = (v: string | number | Date) => (v instanceof Date ? v : new Date(v));
    return {
      timeZone,
      dateTime: (v: string | number | Date) => dateTime.format(toDate(v)),
      time: (v: string | number | Date) => time.format(toDate(v)),
    };
  }, [timeZone, locale]);
}
