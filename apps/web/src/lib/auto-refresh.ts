import { TIMINGS } from '@painel/contract';
import { getToken } from './token.ts';
import { useUserSettings } from './user-settings.ts';

export interface RefreshPeriods {
  dashboardMs: number | false;
  managementMs: number | false;
}

/**
 * How often pages reload their data by themselves, from the account's settings: nothing
 * when "Atualização automática" is off; otherwise the dashboard every 60 s and the
 * management pages at the account's interval (10–300 s, 30 s by default). The live status keeps its 10 s poll while live, whatever is set.
 */
export function refreshPeriods(settings: { auto_refresh: boolean; refresh_interval: number } | undefined): RefreshPeriods {
  if (settings && !settings.auto_refresh) return { dashboardMs: false, managementMs: false };
  return {
    dashboardMs: TIMINGS.dashboardRefreshMs,
    managementMs: settings ? settings.refresh_interval * 1000 : TIMINGS.managementPollMs,
  };
}

export function useAutoRefresh(): RefreshPeriods {
  return refreshPeriods(useUserSettings({ enabled: getToken() !== null }).data);
}
