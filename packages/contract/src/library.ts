import { z } from 'zod';
import { coded } from './coded.ts';

/*
 * Video library API. Every call needs the session
 * (Authorization: Bearer …); everything is scoped to the acting account, and another
 * account's ids answer 404. Errors are { success: false, error } with a Portuguese text.
 *
 *   GET    /api/folders                       → Folder[]
 *   GET    /api/folders/{id}/info             → FolderInfo                                   404
 *   POST   /api/folders            {nome}     → FolderSaved (id = the new folder's)           400 409
 *   PUT    /api/folders/{id}       {nome}     → FolderSaved (renames the directory too)       400 404 409
 *   DELETE /api/folders/{id}                  → { success, message } (videos and files too)  404 409 (in use)
 *   POST   /api/folders/{id}/sync             → SyncResult (also creates a missing directory) 404
 *   POST   /api/videos-ssh/sync-database {folderId?} → SyncResult (no folderId: every folder,
 *                                                 and directories made by FTP become folders)
 *   GET    /api/videos?folder_id={id}         → Video[] (newest first)                        400 404
 *   POST   /api/videos/upload?folder_id={id}  multipart/form-data, one file in field "video"
 *                                             → UploadResult                                  400 404 413 415 422
 *   DELETE /api/videos/{id}?folder_id={id}    → { success, message } (folder_id optional)     404 409 (in use)
 *   GET    /content/{login}/{folder}/{file}.mp4  the file itself (Video.url): Range → 206/416,
 *          ?auth_token={session token} for <video> (no headers there), &download=1 → attachment
 *          with the original name. 401 without a session, 404 for anything not the account's own.
 *
 * FTP: host/porta/usuario/senha from /api/dados-conexao (ftp), passive mode; the root
 * lists the folders, each folder its videos; uploads (MP4, AVI, MOV, WMV, FLV, WebM, MKV)
 * appear in the panel with their verdicts when the transfer ends.
 */

/** The accepted video formats (upload help, FTP, Dados de Conexão). */
export const VIDEO_EXTENSIONS = ['mp4', 'avi', 'mov', 'wmv', 'flv', 'webm', 'mkv'] as const;
export const FOLDER_NAME_MAX = 64;
export const VIDEO_NAME_MAX = 255;

export const LIBRARY_TIMINGS = {
  folderAutoSyncMs: 2000,
  uploadListClearMs: 3000,
} as const;
/** Folder usage bar: red above 90 %, yellow above 70 %, capped at 100 %. */
export const USAGE_BAR = { warnAbove: 70, dangerAbove: 90 } as const;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Folder names become directory names on disk and FTP, so the unsafe ones are refused. */
export function isValidFolderName(nome: string): boolean {
  return !nome.includes('/') && !nome.includes('\\') && !nome.includes('..') && !CONTROL.test(nome) && !nome.startsWith('.');
}

export const folderBody = z.object({
  nome: z
    .string(coded('folder_name_required'))
    .transform((s) => s.normalize('NFC').trim())
    .pipe(
      z
        .string()
        .min(1, coded('folder_name_required'))
        .max(FOLDER_NAME_MAX, coded('folder_name_too_long'))
        .refine(isValidFolderName, coded('folder_name_invalid')),
    ),
});
export type FolderBody = z.infer<typeof folderBody>;

/** folder_id is required for listing and upload ('Selecione uma pasta primeiro'). */
export const folderIdQuery = z.object({
  folder_id: z.coerce.number(coded('select_folder_first')).int(coded('select_folder_first')).positive(coded('select_folder_first')),
});
/** On deletion folder_id is optional; when given it must be the video's folder. */
export const optionalFolderIdQuery = z.object({ folder_id: z.coerce.number().int().positive().optional().catch(undefined) });

/** Without folderId every folder of the account is synchronised (the empty-list case). */
export const syncDatabaseBody = z.object({ folderId: z.coerce.number().int().positive().nullish() });

export const COMPATIBILITY_STATUSES = ['compatible', 'needs_conversion', 'other'] as const;

/** Why a video cannot be played as it is (the probe's verdict), each with what it found. */
export const compatibilityReasonSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('container'), container: z.string() }),
  z.object({ kind: z.literal('videoCodec'), codec: z.string() }),
  z.object({ kind: z.literal('audioCodec'), codec: z.string() }),
  z.object({ kind: z.literal('pixFmt'), pixFmt: z.string() }),
  z.object({ kind: z.literal('bitrate'), kbps: z.number(), limit: z.number() }),
]);
export type CompatibilityReason = z.infer<typeof compatibilityReasonSchema>;

/** The messages a video's compatibility is written with (`msg`'s, or a translation of them). */
export interface CompatibilityTexts {
  compatible: string;
  needsConversion: (reasons: string) => string;
  reasonContainer: (formato: string) => string;
  reasonVideoCodec: (codec: string) => string;
  reasonAudioCodec: (codec: string) => string;
  reasonPixFmt: (pixFmt: string) => string;
  reasonBitrate: (kbps: number, limit: number) => string;
}

/** A video's compatibility in words: 'Compatível: …', or 'Precisa de conversão: ' and each reason. */
export function compatibilityText(compatible: boolean, reasons: readonly CompatibilityReason[], texts: CompatibilityTexts): string {
  if (compatible) return texts.compatible;
  const words = reasons.map((r) => {
    switch (r.kind) {
      case 'container': return texts.reasonContainer(r.container);
      case 'videoCodec': return texts.reasonVideoCodec(r.codec);
      case 'audioCodec': return texts.reasonAudioCodec(r.codec);
      case 'pixFmt': return texts.reasonPixFmt(r.pixFmt);
      case 'bitrate': return texts.reasonBitrate(r.kbps, r.limit);
    }
  });
  return texts.needsConversion(words.join('; '));
}
export type CompatibilityStatus = (typeof COMPATIBILITY_STATUSES)[number];
export const COMPATIVEL = ['sim', 'otimizado', 'nao'] as const;
export type Compativel = (typeof COMPATIVEL)[number];

export const folderSchema = z.object({
  id: z.number(),
  nome: z.string(),
  video_count_db: z.number(),
  /** MB, two decimals. */
  espaco_usado: z.number(),
  /** Share of the plan's storage this folder uses, two decimals, not capped. */
  percentage_used: z.number(),
  created_at: z.string(),
});
export type Folder = z.infer<typeof folderSchema>;

export const folderInfoSchema = folderSchema.extend({
  server_info: z.object({ exists: z.boolean(), file_count: z.number() }),
});
export type FolderInfo = z.infer<typeof folderInfoSchema>;

export const videoSchema = z.object({
  id: z.number(),
  folder_id: z.number(),
  pasta: z.string(),
  nome: z.string(),
  /** Absolute path on the panel: /content/{login}/{folder}/{file}.mp4 (add ?auth_token= for the player, &download=1 to download). */
  url: z.string(),
  /** Read grant for this one video, valid for a few hours: sent as `auth_token` by a <video>, a new tab or a download. */
  content_token: z.string(),
  formato_original: z.string(),
  is_mp4: z.boolean(),
  codec_video: z.string(),
  codec_audio: z.string().nullable(),
  largura: z.number(),
  altura: z.number(),
  /** kbps; 0 when unknown. */
  bitrate_video: z.number(),
  bitrate_exceeds_limit: z.boolean(),
  user_bitrate_limit: z.number(),
  /** bytes */
  tamanho: z.number(),
  /** seconds */
  duracao: z.number(),
  compatibility_status: z.enum(COMPATIBILITY_STATUSES),
  compatibility_message: z.string(),
  /** What `compatibility_message` says, for a client writing it in another language; empty when compatible. */
  compatibility_reasons: z.array(compatibilityReasonSchema),
  compativel: z.enum(COMPATIVEL),
  created_at: z.string(),
});
export type Video = z.infer<typeof videoSchema>;

export const syncResultSchema = z.object({
  success: z.literal(true),
  videos_count: z.number(),
  added: z.number(),
  removed: z.number(),
  message: z.string(),
});
export type SyncResult = z.infer<typeof syncResultSchema>;

export const folderSavedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.number(),
  folder: folderSchema,
});
export type FolderSaved = z.infer<typeof folderSavedSchema>;

export const uploadResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  video: videoSchema,
});
export type UploadResult = z.infer<typeof uploadResultSchema>;
