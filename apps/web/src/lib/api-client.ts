import { clearToken, getToken } from './token.ts';
import { startUi } from '@painel/contract';

/** A failed call: the HTTP status and, when the server sent one, its Portuguese `error` text. */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | undefined;
  readonly expired: boolean;

  constructor(status: number, serverMessage?: string, expired = false) {
    super(serverMessage ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.expired = expired;
  }
}

/** Dispatched on window after a 401: the token is already gone; the app routes to /login. */
export const UNAUTHORIZED_EVENT = 'painel:unauthorized';
export interface UnauthorizedDetail {
  expired: boolean;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** false for calls made before a session exists (login, register, recovery). */
  auth?: boolean;
  /** false when a 401 is an ordinary answer of the call (the login itself). */
  logoutOn401?: boolean;
}

function field(data: unknown, key: string): unknown {
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined;
}

/** The server's error text of a JSON answer, if it carries one. */
export function serverErrorText(data: unknown): string | undefined {
  const error = field(data, 'error');
  return typeof error === 'string' && error.trim() ? error : undefined;
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Calls the API on the same origin. Returns the parsed JSON (unknown: each endpoint file
 * validates it) and throws ApiError on a non-2xx status.
 */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
  const { method = 'GET', body, signal, auth = true, logoutOn401 = true } = options;
  const headers = new Headers({ Accept: 'application/json' });
  if (auth) {
    const token = getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    else console.warn(startUi.missingTokenLog, path);
  }
  let payload: string | FormData | undefined;
  if (body instanceof FormData) {
    // multipart: the browser writes the Content-Type with its boundary
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  const res = await fetch(path, { method, headers, body: payload, signal });
  const data = await readJson(res);
  if (res.ok) return data;

  const error = new ApiError(res.status, serverErrorText(data), field(data, 'expired') === true);
  if (res.status === 401 && logoutOn401) {
    clearToken();
    window.dispatchEvent(
      new CustomEvent<UnauthorizedDetail>(UNAUTHORIZED_EVENT, { detail: { expired: error.expired } }),
    );
  }
  throw error;
}

/** The text to show for a failed call: the server's message when it sent one, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
