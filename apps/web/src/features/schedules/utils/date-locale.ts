import type { Locale as DateFnsLocale } from 'date-fns';
import { enUS, es, ptBR } from 'date-fns/locale';
import type { Locale } from '@/i18n/runtime.ts';

const DATE_FNS_LOCALES: Record<Locale, DateFnsLocale> = { 'pt-BR': ptBR, 'en-US': enUS, 'es-ES': es };

/** date-fns's locale for the panel's language: month and weekday names, and its long date. */
export function dateFnsLocale(locale: Locale): DateFnsLocale {
  return DATE_FNS_LOCALES[locale];
}
