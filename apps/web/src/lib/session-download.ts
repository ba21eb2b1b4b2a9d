import { ApiError, serverErrorCode, serverErrorText, UNAUTHORIZED_EVENT, type UnauthorizedDetail } from './api-client.ts';
import { clearToken, getToken } from './token.ts';

/**
 * The file name a Content-Disposition header gives: the RFC 5987 `filename*` (UTF-8, percent
 * encoded) when present, else the plain `filename`; null when there is none. Path parts are
 * dropped, so a name never says where to save.
 */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  let name: string | undefined;
  if (star) {
    try {
      name = decodeURIComponent(star.trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(header)?.slice(1).find((v) => v !== undefined)?.trim().replace(/\\(.)/g, '$1');
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : null;
}

/**
 * A GET with the session's bearer token (which a link or an <img src> cannot carry): the
 * response when it is OK, else ApiError like every other call, and a 401 ends the session the
 * same way.
 */
export async function fetchWithSession(path: string, init: { accept?: string; signal?: AbortSignal | undefined } = {}): Promise<Response> {
  const headers = new Headers(init.accept ? { Accept: init.accept } : {});
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const res = await fetch(path, { headers, ...(init.signal ? { signal: init.signal } : {}) });
  if (!res.ok) {
    const data: unknown = await res.json().catch(() => undefined);
    const expired = typeof data === 'object' && data !== null && (data as { expired?: unknown }).expired === true;
    if (res.status === 401) {
      clearToken();
      window.dispatchEvent(new CustomEvent<UnauthorizedDetail>(UNAUTHORIZED_EVENT, { detail: { expired } }));
    }
    throw new ApiError(res.status, serverErrorText(data), expired, serverErrorCode(data));
  }
  return res;
}

/**
 * Downloads a file the API builds (an export): fetched with the session's bearer token, which
 * a plain link cannot carry, and saved under the name the server gave (else `fallbackName`).
 * `rewrite` may change a text file before it is saved (the audience CSV in the panel's language).
 * Returns the name used; throws ApiError like every other call, and a 401 ends the session the
 * same way.
 */
export async function downloadWithSession(
  path: string,
  fallbackName: string,
  rewrite?: { text: (body: string) => string; type: string },
): Promise<string> {
  const res = await fetchWithSession(path);
  const name = dispositionFileName(res.headers.get('Content-Disposition')) ?? fallbackName;
  const body = rewrite ? new Blob([rewrite.text(await res.text())], { type: rewrite.type }) : await res.blob();
  const url = URL.createObjectURL(body);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // the browser reads the blob after the click returns: release it a little later
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
