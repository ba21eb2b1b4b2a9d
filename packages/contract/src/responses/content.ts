import { z } from 'zod';
import { androidAppCreatedSchema, androidAppsSchema, androidConfigResponseSchema, androidConfiguredSchema } from '../android-app.ts';
import {
  bookingSavedSchema, bookingSchema, commercialSavedSchema, commercialSchema, playlistCreatedSchema, playlistEntrySchema, playlistSavedSchema,
  playlistSchema,
} from '../channel.ts';
import { conversionQualitiesSchema, conversionStatusResponseSchema, conversionVideosSchema, convertResultSchema } from '../conversion.ts';
import {
  downloadStartedSchema, downloadStatusSchema, recentDownloadsSchema, validateLinkResponseSchema, videoInfoResponseSchema,
} from '../downloads.ts';
import {
  ftpConnectionStatusSchema, ftpListResponseSchema, ftpMigrationStartedSchema, ftpScanResponseSchema, migrationStatusSchema,
} from '../ftp-migration.ts';
import { folderInfoSchema, folderSavedSchema, folderSchema, syncResultSchema, uploadResultSchema, videoSchema } from '../library.ts';
import {
  apkQueuedSchema, chatMessagesSchema, chatPostedSchema, publicWebAppSchema, publishedBannerResponseSchema, pushSentSchema,
  webAppBannerAddedSchema, webAppBannersSchema, webAppResponseSchema, webAppSavedSchema,
} from '../webapp.ts';
import { messageResponseSchema, successResponseSchema } from '../success.ts';
import { notJson, type ResponseEntry } from './entry.ts';

/** The routes both published variants have: the web app at /webapp/{login}/ and the Android app's page at …/tv/. */
function publishedApp(at: string): Record<string, ResponseEntry> {
  return {
    [`GET ${at.slice(0, -1)}`]: notJson('redirect'),
    [`GET ${at}`]: notJson('text/html'),
    [`GET ${at}app.json`]: publicWebAppSchema,
    [`GET ${at}files/:name`]: notJson('image'),
    [`GET ${at}chat`]: chatMessagesSchema,
    [`POST ${at}chat`]: chatPostedSchema,
  };
}

/** The content features' routes: the library, the channel's playlists, commercials and schedules, downloads, conversion, FTP migration and the apps. */
export const contentResponses = {
  'GET /api/folders': z.array(folderSchema),
  'GET /api/folders/:id/info': folderInfoSchema,
  'POST /api/folders': folderSavedSchema,
  'PUT /api/folders/:id': folderSavedSchema,
  'DELETE /api/folders/:id': messageResponseSchema,
  'POST /api/folders/:id/sync': syncResultSchema,
  'POST /api/videos-ssh/sync-database': syncResultSchema,
  'GET /api/videos': z.array(videoSchema),
  'DELETE /api/videos/:id': messageResponseSchema,
  'POST /api/videos/upload': uploadResultSchema,
  'GET /content/:login/:folder/:file': notJson('video'),

  'GET /api/playlists': z.array(playlistSchema),
  'POST /api/playlists': playlistCreatedSchema,
  'PUT /api/playlists/:id': playlistSavedSchema,
  'DELETE /api/playlists/:id': messageResponseSchema,
  'GET /api/playlists/:id/videos': z.array(playlistEntrySchema),

  'GET /api/comerciais': z.array(commercialSchema),
  'POST /api/comerciais': commercialSavedSchema,
  'PUT /api/comerciais/:id': commercialSavedSchema,
  'DELETE /api/comerciais/:id': messageResponseSchema,
  'GET /api/comerciais/pasta/:id/videos': z.array(videoSchema),

  'GET /api/agendamentos': z.array(bookingSchema),
  'POST /api/agendamentos': bookingSavedSchema,
  'PUT /api/agendamentos/:id': bookingSavedSchema,
  'DELETE /api/agendamentos/:id': messageResponseSchema,

  'GET /api/downloadyoutube/recent': recentDownloadsSchema,
  'GET /api/downloadyoutube/status': downloadStatusSchema,
  'POST /api/downloadyoutube/validate': validateLinkResponseSchema,
  'POST /api/downloadyoutube/info': videoInfoResponseSchema,
  'POST /api/downloadyoutube/cancel': messageResponseSchema,
  'POST /api/downloadyoutube': downloadStartedSchema,

  'GET /api/conversion/qualities': conversionQualitiesSchema,
  'GET /api/conversion/videos': conversionVideosSchema,
  'GET /api/conversion/status/:id': conversionStatusResponseSchema,
  'POST /api/conversion/convert': convertResultSchema,

  'GET /api/ftp/connection-status': ftpConnectionStatusSchema,
  'POST /api/ftp/connect': ftpListResponseSchema,
  'POST /api/ftp/list': ftpListResponseSchema,
  'POST /api/ftp/scan-directory': ftpScanResponseSchema,
  'POST /api/ftp/disconnect': messageResponseSchema,
  'POST /api/ftp/migrate': ftpMigrationStartedSchema,
  'GET /api/ftp/migration-status': migrationStatusSchema,
  'POST /api/ftp/cancel-migration': messageResponseSchema,

  'GET /api/app-multiplataforma': webAppResponseSchema,
  'POST /api/app-multiplataforma': webAppSavedSchema,
  'PUT /api/app-multiplataforma': webAppSavedSchema,
  'GET /api/app-multiplataforma/banners': webAppBannersSchema,
  'POST /api/app-multiplataforma/banners': webAppBannerAddedSchema,
  'DELETE /api/app-multiplataforma/banners/:id': messageResponseSchema,
  'POST /api/app-multiplataforma/notifications': pushSentSchema,
  'POST /api/app-multiplataforma/create-apk': apkQueuedSchema,

  'GET /api/app-android': androidAppsSchema,
  'GET /api/app-android/config': androidConfigResponseSchema,
  'POST /api/app-android/create': androidAppCreatedSchema,
  'PUT /api/app-android/configure': androidConfiguredSchema,
  'DELETE /api/app-android/:id': messageResponseSchema,
  'GET /app/apps/:zip': notJson('application/vnd.android.package-archive'),

  ...publishedApp('/webapp/:login/'),
  ...publishedApp('/webapp/:login/tv/'),
  'GET /webapp/:login/manifest.webmanifest': notJson('application/manifest+json'),
  'GET /webapp/:login/sw.js': notJson('text/javascript'),
  'GET /webapp/:login/icons/:file': notJson('image/png'),
  'GET /webapp/:login/qr.svg': notJson('image/svg+xml'),
  'GET /webapp/:login/badge-android.svg': notJson('image/svg+xml'),
  'GET /webapp/:login/badge-ios.svg': notJson('image/svg+xml'),
  'GET /webapp/:login/banner': publishedBannerResponseSchema,
  'GET /webapp/:login/banner/:id/click': notJson('redirect'),
  'POST /webapp/:login/push/subscribe': successResponseSchema,
  'POST /webapp/:login/push/unsubscribe': successResponseSchema,
} satisfies Record<string, ResponseEntry>;
