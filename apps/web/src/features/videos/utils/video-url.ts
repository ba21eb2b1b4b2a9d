import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow } from '@/i18n/runtime.ts';

export type VideoUrlResult = { ok: true; url: string } | { ok: false; error: string };

/**
 * The address the player, the new tab and the download use: /content/{login}/{folder}/{file}
 * with the .mp4 extension and the video's read grant (`content_token`, issued with the list) as
 * ?auth_token=, because a <video> or a new tab cannot send the Authorization header. The
 * session token never goes into an address.
 */
export function videoPlaybackUrl(url: string | null | undefined, opts: { download?: boolean; token?: string } = {}): VideoUrlResult {
  const msg = textsNow(messageCatalogue);
  if (!url || !url.trim()) return { ok: false, error: msg.videoUrlMissing };
  let pathname: string;
  try {
    pathname = new URL(url.trim(), window.location.origin).pathname;
  } catch {
    return { ok: false, error: msg.videoUrlUnbuildable };
  }
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] === 'content') segments.shift();
  // login, folder and file; a deeper path keeps its last three
  if (segments.length < 3) return { ok: false, error: msg.videoUrlUnbuildable };
  const [login, folder, file] = segments.slice(-3) as [string, string, string];
  const stem = file.includes('.') ? file.slice(0, file.lastIndexOf('.')) : file;
  if (!stem) return { ok: false, error: msg.videoUrlUnbuildable };

  const params = new URLSearchParams();
  if (opts.token) params.set('auth_token', opts.token);
  if (opts.download) params.set('download', '1');
  const query = params.toString();
  return { ok: true, url: `/content/${login}/${folder}/${stem}.mp4${query ? `?${query}` : ''}` };
}
