import { z } from 'zod';
import { loginResponse, meResponse } from '../auth.ts';
import { userSettingsSchema, saveUserSettingsResponseSchema } from '../settings.ts';
import { dashboardOverviewSchema, dashboardStatsSchema, healthResponseSchema } from '../dashboard.ts';
import {
  cleanupResponseSchema, connectionDataSchema, srtConfigSchema, obsStatusResponseSchema, platformsResponseSchema, regenerateKeyResponseSchema,
  sourceUrlsResponseSchema, startResponseSchema, statusResponseSchema, transmissionsResponseSchema,
} from '../streaming.ts';
import {
  heartbeatResponseSchema, logoUploadResponseSchema, logosResponseSchema, ownerPreviewResponseSchema, playerSettingsResponseSchema,
  playerUrlResponseSchema, savePlayerSettingsResponseSchema,
} from '../players.ts';
import { livesResponseSchema, startLiveResponseSchema } from '../lives.ts';
import { relayStartResponseSchema, relayStatusSchema, relayStopResponseSchema, relayValidateResponseSchema } from '../relay.ts';
import {
  audienceHistoryResponseSchema, audienceMapResponseSchema, audienceRealTimeSchema, audienceResponseSchema,
} from '../audience.ts';
import { messageResponseSchema, successResponseSchema } from '../success.ts';
import {
  auditResponseSchema, createdStreamingResponseSchema, managedAccountResponseSchema, panelAccessResponseSchema, passwordResetResponseSchema,
  streamingsResponseSchema,
} from '../management.ts';
import { createdResellerResponseSchema, resellerResponseSchema, resellersResponseSchema } from '../management.ts';
import {
  apiKeysResponseSchema, createdApiKeyResponseSchema, provisioningAccountResponseSchema, provisioningCreatedResponseSchema,
  provisioningDeletedResponseSchema, provisioningPasswordResponseSchema, revokedApiKeyResponseSchema,
} from '../provisioning.ts';
import { serverResponseSchema, serversResponseSchema } from '../servers.ts';
import { accountMoveResponses } from '../account-move.ts';
import { recordingsResponses } from '../recordings.ts';
import { fallbackResponses } from '../fallback.ts';
import { notJson, type ResponseEntry } from './entry.ts';

/** The core features' routes: sign-in, settings, health, streaming, dashboard, players, lives, relay and audience. */
export const coreResponses = {
  'POST /api/auth/login': loginResponse,
  'GET /api/auth/me': meResponse,
  'POST /api/auth/logout': successResponseSchema,
  // accounts are made by the operator: these always answer 403
  'POST /api/auth/register': z.never(),
  'POST /api/auth/forgot-password': z.never(),

  'GET /api/revenda/streamings': streamingsResponseSchema,
  'POST /api/revenda/streamings': createdStreamingResponseSchema,
  'PUT /api/revenda/streamings/:id/plano': managedAccountResponseSchema,
  'POST /api/revenda/streamings/:id/suspender': managedAccountResponseSchema,
  'POST /api/revenda/streamings/:id/reativar': managedAccountResponseSchema,
  'POST /api/revenda/streamings/:id/senha': passwordResetResponseSchema,
  'DELETE /api/revenda/streamings/:id': successResponseSchema,
  'GET /api/revenda/auditoria': auditResponseSchema,

  'GET /api/admin/revendas': resellersResponseSchema,
  'POST /api/admin/revendas': createdResellerResponseSchema,
  'PUT /api/admin/revendas/:id/pool': resellerResponseSchema,
  'GET /api/admin/api-keys': apiKeysResponseSchema,
  'POST /api/admin/api-keys': createdApiKeyResponseSchema,
  'DELETE /api/admin/api-keys/:id': revokedApiKeyResponseSchema,
  'GET /api/admin/servidores': serversResponseSchema,
  'PUT /api/admin/servidores/:id': serverResponseSchema,
  ...accountMoveResponses,
  ...recordingsResponses,
  ...fallbackResponses,
  'POST /api/provisioning/v1/accounts': provisioningCreatedResponseSchema,
  'GET /api/provisioning/v1/accounts/:login': provisioningAccountResponseSchema,
  'PUT /api/provisioning/v1/accounts/:login/plan': provisioningAccountResponseSchema,
  'POST /api/provisioning/v1/accounts/:login/suspend': provisioningAccountResponseSchema,
  'POST /api/provisioning/v1/accounts/:login/unsuspend': provisioningAccountResponseSchema,
  'POST /api/provisioning/v1/accounts/:login/password': provisioningPasswordResponseSchema,
  'DELETE /api/provisioning/v1/accounts/:login': provisioningDeletedResponseSchema,
  'POST /api/revenda/streamings/:id/acessar': panelAccessResponseSchema,

  'GET /api/user-settings': userSettingsSchema,
  'POST /api/user-settings': saveUserSettingsResponseSchema,

  'GET /api/health': healthResponseSchema,
  'GET /metrics': notJson('text/plain'),

  'GET /api/streaming/status': statusResponseSchema,
  'GET /api/streaming/obs-status': obsStatusResponseSchema,
  'POST /api/streaming/start': startResponseSchema,
  'POST /api/streaming/stop': messageResponseSchema,
  'GET /api/streaming/platforms': platformsResponseSchema,
  'GET /api/streaming/source-urls': sourceUrlsResponseSchema,
  'POST /api/streaming/cleanup-inactive': cleanupResponseSchema,
  'GET /api/streaming/transmissions': transmissionsResponseSchema,
  'GET /api/dados-conexao': connectionDataSchema,
  'GET /api/srt': srtConfigSchema,
  'PUT /api/srt': srtConfigSchema,
  'POST /api/dados-conexao/regenerar-chave': regenerateKeyResponseSchema,
  // nginx-rtmp's callbacks answer plain text
  'POST /api/rtmp/hook/:token/publish': notJson('text/plain'),
  'POST /api/rtmp/hook/:token/publish_done': notJson('text/plain'),
  'GET /hls/:file': notJson('application/vnd.apple.mpegurl'),

  'GET /api/dashboard/stats': dashboardStatsSchema,
  'GET /api/dashboard/overview': dashboardOverviewSchema,

  'GET /api/player-settings': playerSettingsResponseSchema,
  'PUT /api/player-settings': savePlayerSettingsResponseSchema,
  'GET /api/player-port/url': playerUrlResponseSchema,
  'GET /api/player-port/previa': ownerPreviewResponseSchema,
  'GET /api/player-port/iframe': notJson('text/html'),
  'POST /api/player-port/heartbeat': heartbeatResponseSchema,
  'POST /api/player-port/leave': successResponseSchema,
  'GET /api/player-port/vod/:login/:folder/:file': notJson('video/*'),
  'GET /api/logos': logosResponseSchema,
  'POST /api/logos': logoUploadResponseSchema,
  'DELETE /api/logos/:id': messageResponseSchema,
  'GET /logos/:file': notJson('image/*'),
  'GET /player-libs/:file': notJson('text/javascript'),

  'GET /api/streaming/lives': livesResponseSchema,
  'POST /api/streaming/start-live': startLiveResponseSchema,
  'POST /api/streaming/stop-live/:id': messageResponseSchema,
  'DELETE /api/streaming/remove-live/:id': messageResponseSchema,

  'GET /api/relay/status': relayStatusSchema,
  'POST /api/relay/validate-url': relayValidateResponseSchema,
  'POST /api/relay/start': relayStartResponseSchema,
  'POST /api/relay/stop': relayStopResponseSchema,

  'GET /api/espectadores': audienceResponseSchema,
  'GET /api/espectadores/mapa': audienceMapResponseSchema,
  'GET /api/espectadores/tempo-real': audienceRealTimeSchema,
  'GET /api/espectadores/historico': audienceHistoryResponseSchema,
  'GET /api/espectadores/exportar': notJson('text/csv'),
} satisfies Record<string, ResponseEntry>;
