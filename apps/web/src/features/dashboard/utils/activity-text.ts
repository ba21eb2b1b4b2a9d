import type { ActivityItem } from '@painel/contract';

/** The messages of `msg` an activity is worded with, by its kind. */
export interface ActivityTexts {
  activityPublishRefused: (address: string) => string;
  activityKeyRegenerated: string;
  activityTransmissionStarted: (title: string) => string;
  activityTransmissionEnded: (title: string) => string;
  activityLogoAdded: (name: string) => string;
  activityLogoRemoved: (name: string) => string;
  activityPlayerSettings: string;
  activityPanelAccessed: (who: string) => string;
  activityRecordingSaved: (title: string) => string;
  activityRecordingQuota: (limitMb: number) => string;
  activityRecordingDiskFull: string;
  activityStandbyOnAir: (title: string) => string;
  activityStandbyBack: (title: string) => string;
  liveActivityStarted: (platform: string) => string;
  liveActivityScheduled: (platform: string, at: string) => string;
}

/**
 * An activity in the panel's language, from its kind and detail (the title, name or address it is
 * about; for a scheduled live `<platform>|<ISO start>`, whose start is written with `dateTime` in
 * the account's zone). A kind the panel does not know, or an event an older version recorded as a
 * whole sentence, is shown as the server wrote it.
 */
export function activityText(
  item: Pick<ActivityItem, 'tipo' | 'descricao' | 'detalhe'>,
  texts: ActivityTexts,
  dateTime: (iso: string) => string,
): string {
  const detail = item.detalhe;
  switch (item.tipo) {
    case 'publish_refused': return texts.activityPublishRefused(detail);
    case 'key_regenerated': return texts.activityKeyRegenerated;
    case 'transmission_started': return texts.activityTransmissionStarted(detail);
    case 'transmission_ended': return texts.activityTransmissionEnded(detail);
    case 'logo_added': return texts.activityLogoAdded(detail);
    case 'logo_removed': return texts.activityLogoRemoved(detail);
    case 'player_settings': return texts.activityPlayerSettings;
    case 'panel_accessed': return texts.activityPanelAccessed(detail);
    case 'recording_saved': return texts.activityRecordingSaved(detail);
    case 'recording_quota': return texts.activityRecordingQuota(Number(detail) || 0);
    case 'recording_disk_full': return texts.activityRecordingDiskFull;
    case 'standby_on_air': return texts.activityStandbyOnAir(detail);
    case 'standby_back': return texts.activityStandbyBack(detail);
    case 'live_started': return texts.liveActivityStarted(detail);
    case 'live_scheduled': {
      const cut = detail.lastIndexOf('|');
      const start = detail.slice(cut + 1);
      return cut > 0 && Number.isFinite(Date.parse(start)) ? texts.liveActivityScheduled(detail.slice(0, cut), dateTime(start)) : item.descricao;
    }
    default: return item.descricao;
  }
}
