import { msg } from '@painel/contract';
import { nowIso, type Db } from '../../platform/db.ts';
import { formatZoned } from '../../platform/zoned-time.ts';
import type { ActivityRepo } from './activity.repo.ts';

/** What happened on an account, for the dashboard's recent activity. Stored neutral, worded on read. */
export type ActivityType =
  | 'publish_refused' | 'key_regenerated' | 'transmission_started' | 'transmission_ended'
  | 'logo_added' | 'logo_removed' | 'player_settings'
  /** A live started now on a platform; the detail is the platform's name. */
  | 'live_started'
  /** A live scheduled on a platform; the detail is `<platform>|<start, ISO UTC>`. */
  | 'live_scheduled'
  /** A reseller or the operator entered the panel ('Acessar painel'); the detail is its name. */
  | 'panel_accessed'
  /** A recording went into the library; the detail is its title. */
  | 'recording_saved'
  /** A recording stopped before its broadcast ended (the live goes on); the detail is the plan's storage in MB. */
  | 'recording_quota'
  /** A recording stopped because the server disk filled up (the live goes on). */
  | 'recording_disk_full'
  /** OBS dropped and the broadcast's standby signal took the channel; the detail is the broadcast's title. */
  | 'standby_on_air'
  /** OBS came back and took the channel from its standby; the detail is the broadcast's title. */
  | 'standby_back'
  /** Written by older versions: the detail is the whole Portuguese sentence. */
  | 'live_registered';

export interface ActivityItem {
  tipo: ActivityType;
  /** The event in Portuguese, written in the account's time zone. */
  descricao: string;
  /** What the event is about (a title, a name, an address; for live_scheduled `<platform>|<ISO start>`), for a client writing it in its own language. */
  detalhe: string;
  data: string;
}

/** The detail of a scheduled live: the platform and when it starts. */
export const scheduledLiveDetail = (platform: string, startIso: string): string => `${platform}|${startIso}`;

function describe(tipo: string, detalhe: string, timeZone: string): string {
  switch (tipo as ActivityType) {
    case 'publish_refused': return msg.activityPublishRefused(detalhe);
    case 'key_regenerated': return msg.activityKeyRegenerated;
    case 'transmission_started': return msg.activityTransmissionStarted(detalhe);
    case 'transmission_ended': return msg.activityTransmissionEnded(detalhe);
    case 'logo_added': return msg.activityLogoAdded(detalhe);
    case 'logo_removed': return msg.activityLogoRemoved(detalhe);
    case 'player_settings': return msg.activityPlayerSettings;
    case 'panel_accessed': return msg.activityPanelAccessed(detalhe);
    case 'recording_saved': return msg.activityRecordingSaved(detalhe);
    case 'recording_quota': return msg.activityRecordingQuota(Number(detalhe) || 0);
    case 'recording_disk_full': return msg.activityRecordingDiskFull;
    case 'standby_on_air': return msg.activityStandbyOnAir(detalhe);
    case 'standby_back': return msg.activityStandbyBack(detalhe);
    case 'live_started': return msg.liveActivityStarted(detalhe);
    case 'live_scheduled': {
      const cut = detalhe.lastIndexOf('|');
      return msg.liveActivityScheduled(detalhe.slice(0, cut), formatZoned(detalhe.slice(cut + 1), timeZone));
    }
    default: return detalhe;
  }
}

export function createActivityService(deps: { db: Db; repo: ActivityRepo }) {
  const { db, repo } = deps;
  return {
    record: (userId: number, tipo: ActivityType, detalhe = '') =>
      repo.insert(db, { user_id: userId, tipo, detalhe: detalhe.slice(0, 200), created_at: nowIso() }),
    /** Records at most one event of this type per interval (refused publishes can come in bursts). */
    async recordThrottled(userId: number, tipo: ActivityType, detalhe: string, intervalMs: number): Promise<void> {
      const last = await repo.lastOfType(db, userId, tipo);
      if (last && Date.now() - Date.parse(last.created_at) < intervalMs) return;
      await repo.insert(db, { user_id: userId, tipo, detalhe: detalhe.slice(0, 200), created_at: nowIso() });
    },
    async recent(userId: number, timeZone: string, limit = 10): Promise<ActivityItem[]> {
      const rows = await repo.recent(db, userId, limit);
      return rows.map((r) => ({ tipo: r.tipo as ActivityType, descricao: describe(r.tipo, r.detalhe, timeZone), detalhe: r.detalhe, data: r.created_at }));
    },
  };
}
export type ActivityService = ReturnType<typeof createActivityService>;
