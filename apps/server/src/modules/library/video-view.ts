import { compatibilityText, msg, type Video } from '@painel/contract';
import { verdict } from '@painel/media/probe';
import type { Grants } from '../../platform/crypto.ts';
import { bool } from '../../platform/db.ts';
import type { VideoRow } from './library.repo.ts';
import type { Owner } from './owner.ts';

/** How long a playback address works: long enough to watch a film, far shorter than a session. */
export const CONTENT_GRANT_TTL_S = 3 * 3600;
const GRANT_RE = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** `auth_token` of a playback address: reading one video of one account, for a few hours. */
export function contentGrant(grants: Grants, userId: number, videoId: number): string {
  const { exp, sig } = grants.issue(`${userId}/${videoId}`);
  return `${exp}.${sig}`;
}

/** Whether `token` grants reading video `videoId` of account `userId`; a session token never does. */
export function verifyContentGrant(grants: Grants, token: string | undefined, userId: number, videoId: number): boolean {
  const m = GRANT_RE.exec(token ?? '');
  return !!m && grants.verify(`${userId}/${videoId}`, m[1], m[2]);
}

/**
 * The playback address: login, folder and file, always with the .mp4 extension players
 * expect; /content resolves it through the database, never the raw path. A <video> or a new
 * tab sends no header, so the client adds the video's `content_token` as `auth_token`.
 */
export function contentUrl(login: string, folder: string, arquivo: string): string {
  const stem = arquivo.replace(/\.[^.]*$/, '');
  return `/content/${encodeURIComponent(login)}/${encodeURIComponent(folder)}/${stem}.mp4`;
}

/** A stored row as the client's Video; the verdict uses the plan's current bitrate. */
export function toVideo(row: VideoRow, folder: string, owner: Owner, grant: string): Video {
  const facts = {
    isMp4: bool(row.is_mp4),
    container: row.formato_original,
    videoCodec: row.codec_video,
    audioCodec: row.codec_audio,
    pixFmt: row.pix_fmt,
    bitrateKbps: row.bitrate_video,
  };
  const v = verdict(facts, owner.bitrate);
  return {
    id: row.id,
    folder_id: row.folder_id,
    pasta: folder,
    nome: row.nome,
    url: contentUrl(owner.login, folder, row.arquivo),
    content_token: grant,
    formato_original: row.formato_original,
    is_mp4: facts.isMp4,
    codec_video: row.codec_video,
    codec_audio: row.codec_audio,
    largura: row.largura,
    altura: row.altura,
    bitrate_video: row.bitrate_video,
    bitrate_exceeds_limit: v.exceedsLimit,
    user_bitrate_limit: owner.bitrate,
    tamanho: Number(row.tamanho),
    duracao: row.duracao,
    compatibility_status: v.compatible ? 'compatible' : 'needs_conversion',
    compatibility_message: compatibilityText(v.compatible, v.reasons, msg),
    compatibility_reasons: v.compatible ? [] : v.reasons,
    compativel: v.compatible ? (bool(row.otimizado) ? 'otimizado' : 'sim') : 'nao',
    created_at: row.created_at,
  };
}
