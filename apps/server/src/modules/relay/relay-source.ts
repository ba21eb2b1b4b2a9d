import type { RelayType } from '@painel/contract';
import { AppError } from '../../platform/errors.ts';
import type { OutboundGuard, OutboundScheme } from '../../platform/outbound-guard.ts';

/**
 * The one check of a relay's source, at validation, at start and in the worker before every
 * run: the form the type implies (rtmp:// or rtmps://; an https:// address of a .m3u8 playlist,
 * or http:// only towards a peer the operator allow-listed, as tests serve HLS on loopback),
 * then the outbound guard (no internal address, also behind a DNS name). Returns the address
 * as the guard parsed it: ffmpeg gets that form, so both read the same host (a backslash or
 * an '@' in an https address cannot make them disagree).
 */
export async function relaySource(guard: OutboundGuard, allow: ReadonlySet<string>, raw: string, tipo: RelayType): Promise<string> {
  const text = raw.trim();
  if (!text) throw new AppError('relay_url_required');
  const form = (): never => {
    throw new AppError('relay_url_form');
  };
  // control characters and spaces are never part of a stream address
  if (/[\s\x00-\x1f\x7f]/.test(text)) form();
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return form();
  }
  const scheme = parsed.protocol.replace(/:$/, '').toLowerCase();
  let schemes: OutboundScheme[];
  if (tipo === 'rtmp') {
    if (scheme !== 'rtmp' && scheme !== 'rtmps') form();
    schemes = ['rtmp', 'rtmps'];
  } else {
    if (!text.toLowerCase().includes('.m3u8')) form();
    const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const allowedHttp = scheme === 'http' && allow.has(`${host}:${parsed.port || 80}`);
    if (scheme !== 'https' && !allowedHttp) form();
    schemes = allowedHttp ? ['http'] : ['https'];
  }
  return (await guard.check(text, schemes)).href;
}
