import { accountMoveModule } from './account-move/index.ts';
import { activityModule } from './activity/index.ts';
import { androidModule } from './android-app/index.ts';
import { auditModule } from './audit/index.ts';
import { audienceModule } from './audience/index.ts';
import { authModule } from './auth/index.ts';
import { channelModule } from './channel/index.ts';
import { commercialsModule } from './commercials/index.ts';
import { conversionModule } from './conversion/index.ts';
import { dashboardModule } from './dashboard/index.ts';
import { downloadsModule } from './downloads/index.ts';
import { engineModule } from './engine/index.ts';
import { fallbackModule } from './fallback/index.ts';
import { ftpMigrationModule } from './ftp-migration/index.ts';
import { healthModule } from './health/index.ts';
import { libraryModule } from './library/index.ts';
import { livesModule } from './lives/index.ts';
import { managementModule } from './management/index.ts';
import { mediaModule } from './media/index.ts';
import { metricsModule } from './metrics/index.ts';
import type { ModuleDefinition } from './module.ts';
import { playersModule } from './players/index.ts';
import { playlistsModule } from './playlists/index.ts';
import { playoutModule } from './playout/index.ts';
import { provisioningModule } from './provisioning/index.ts';
import { recordingsModule } from './recordings/index.ts';
import { relayModule } from './relay/index.ts';
import { schedulesModule } from './schedules/index.ts';
import { serversModule } from './servers/index.ts';
import { settingsModule } from './settings/index.ts';
import { srtModule } from './srt/index.ts';
import { streamingModule } from './streaming/index.ts';
import { viewersModule } from './viewers/index.ts';
import { webappModule } from './webapp/index.ts';

/**
 * Every module of the panel. The worker's duties run in the order their ticks declare (`after`,
 * `before`: bookings before the engine, the channel's sweep after it, modules/ticks.ts); this order
 * breaks the ties, and is the order in which the subscribers of an event run.
 */
export const modules: readonly ModuleDefinition[] = [
  activityModule, auditModule, authModule, settingsModule, healthModule, managementModule, provisioningModule,
  viewersModule, audienceModule, schedulesModule, engineModule, channelModule, playoutModule,
  streamingModule, mediaModule, dashboardModule,
  playlistsModule, commercialsModule, livesModule, relayModule, recordingsModule, playersModule,
  libraryModule, downloadsModule, conversionModule, ftpMigrationModule, webappModule, androidModule, metricsModule, serversModule, accountMoveModule, srtModule,
  fallbackModule,
];
