import type { OutboundGuard } from '../../platform/outbound-guard.ts';

/** A card-sized picture; anything bigger is not a thumbnail worth carrying in a JSON answer. */
const MAX_BYTES = 512 * 1024;
const TIMEOUT_MS = 5000;
/** Raster images only: an SVG is a document, not a picture. */
const TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

/**
 * The video's thumbnail as a data: URL. The panel's pages load images only from the panel
 * itself (Content-Security-Policy img-src 'self' data:), so the picture is fetched here —
 * through the outbound guard, without following redirects, bounded in size and time — and
 * handed over inline. '' when there is none to show; a missing picture never fails a check.
 */
export async function fetchThumbnail(guard: OutboundGuard, url: string): Promise<string> {
  try {
    const checked = await guard.check(url, ['http', 'https']);
    const res = await fetch(checked, { redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'image/*' } });
    const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (res.status !== 200 || !TYPES.has(type) || declared > MAX_BYTES || !res.body) {
      await res.body?.cancel();
      return '';
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += chunk.byteLength;
      if (size > MAX_BYTES) return '';
      chunks.push(Buffer.from(chunk));
    }
    return size ? `data:${type};base64,${Buffer.concat(chunks).toString('base64')}` : '';
  } catch {
    return '';
  }
}
