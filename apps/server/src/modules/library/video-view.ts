import { msg, type Video } from '@painel/contract';
import { verdict, type Reason } from '@painel/media/probe';
import { bool } from '../../platform/db.ts';
import type { VideoRow } from './library.repo.ts';
import type { Owner } from './owner.ts';

function reasonText(r: Reason): string {
  switch (r.kind) {
    case 'container':
      return msg.reasonContainer(r.container);
    case 'videoCodec':
      return msg.reasonVideoCodec(r.codec);
    case 'audioCodec':
      return msg.reasonAudioCodec(r.codec);
    case 'pixFmt':
      return msg.reasonPixFmt(r.pixFmt);
    case 'bitrate':
      return msg.reasonBitrate(r.kbps, r.limit);
  }
}

/**
 * The playback address: login, folder and file, always with the .mp4 extension the
 * spec's player expects; /content resolves it through the database, never the raw path.
 */
export function contentUrl(login: string, folder: string, arquivo: string): string {
  const stem = arquivo.replace(/\.[^.]*$/, '');
  return `/content/${encodeURIComponent(login)}/${encodeURIComponent(folder)}/${stem}.mp4`;
}

/** A stored row as the spec's Video; the verdict uses the plan's current bitrate. */
export function toVideo(row: VideoRow, folder: string, owner: Owner): Video {
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
    compatibility_message: v.compatible ? msg.compatible : msg.needsConversion(v.reasons.map(reasonText).join('; ')),
    compativel: v.compatible ? (bool(row.otimizado) ? 'otimizado' : 'sim') : 'nao',
    created_at: row.created_at,
  };
}
