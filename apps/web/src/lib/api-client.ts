import { clearToken, getToken } from './token.ts';
import type { z } from 'zod';
import type { IssueCode, ServerErrorCode } from '@painel/contract';
import { loadServerErrors, serverErrorsNow } from '../i18n/server-errors.ts';
import { activeLocale, SOURCE_LOCALE } from '../i18n/locale-store.ts';

/**
 * A failed call: the HTTP status and, when the server sent them, its Portuguese `error` text,
 * its error `code` (what code compares, and what picks the message in another language) and
 * the message's `values`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | undefined;
  readonly expired: boolean;
  readonly code: ServerErrorCode | undefined;
  readonly values: Record<string, unknown> | undefined;

  constructor(status: number, serverMessage?: string, expired = false, code?: ServerErrorCode, values?: Record<string, unknown>) {
    super(serverMessage ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.expired = expired;
    this.code = code;
    this.values = values;
  }
}

/**
 * A 2xx answer whose body is not what the contract says: the server and this page disagree.
 * Its status is 200 and it carries no server text, so a page shows its usual load-error text
 * (or the text given here).
 */
export class ApiContractError extends ApiError {
  readonly path: string;
  readonly issues: readonly z.core.$ZodIssue[];

  constructor(path: string, issues: readonly z.core.$ZodIssue[], shown?: string) {
    super(200, shown);
    this.name = 'ApiContractError';
    this.path = path;
    this.issues = issues;
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
  /** The contract's schema of the 2xx body: the call returns the parsed body, or throws ApiContractError. */
  schema?: z.ZodType;
}

function field(data: unknown, key: string): unknown {
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined;
}

/** The server's error text of a JSON answer, if it carries one. */
export function serverErrorText(data: unknown): string | undefined {
  const error = field(data, 'error');
  return typeof error === 'string' && error.trim() ? error : undefined;
}

/** The server's error code of a JSON answer, if it carries one (the catalogue itself stays out of this bundle). */
export function serverErrorCode(data: unknown): ServerErrorCode | undefined {
  const code = field(data, 'code');
  return typeof code === 'string' && code ? (code as ServerErrorCode) : undefined;
}

/** The values of the server's error message, if its answer carries them. */
function serverErrorValues(data: unknown): Record<string, unknown> | undefined {
  const values = field(data, 'values');
  return typeof values === 'object' && values !== null && !Array.isArray(values) ? (values as Record<string, unknown>) : undefined;
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
 * Calls the API on the same origin. Returns the JSON parsed with the given contract schema
 * (without one: unknown) and throws ApiError on a non-2xx status.
 */
export async function apiRequest<S extends z.ZodType>(path: string, options: RequestOptions & { schema: S }): Promise<z.output<S>>;
export async function apiRequest(path: string, options?: RequestOptions): Promise<unknown>;
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
  const { method = 'GET', body, signal, auth = true, logoutOn401 = true, schema } = options;
  const headers = new Headers({ Accept: 'application/json' });
  if (auth) {
    const token = getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    else console.warn('request without a session token', path);
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
  if (res.ok) return schema ? parseContract(path, schema, data) : data;

  const error = new ApiError(res.status, serverErrorText(data), field(data, 'expired') === true, serverErrorCode(data), serverErrorValues(data));
  // the message of the code in the panel's language, loaded with the first error there is to show
  if (error.code && activeLocale() !== SOURCE_LOCALE) await loadServerErrors().catch(() => undefined);
  if (res.status === 401 && logoutOn401) {
    clearToken();
    window.dispatchEvent(
      new CustomEvent<UnauthorizedDetail>(UNAUTHORIZED_EVENT, { detail: { expired: error.expired } }),
    );
  }
  throw error;
}

/** The body parsed with the contract's schema; a mismatch is logged and throws ApiContractError (with `shown` as its text). */
export function parseContract<S extends z.ZodType>(path: string, schema: S, data: unknown, shown?: string): z.output<S> {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  console.error(`contract mismatch: ${path}`, r.error.issues);
  throw new ApiContractError(path, r.error.issues, shown);
}

/**
 * The server's message for an error code in the panel's language: in pt-BR the server's own text;
 * in another language the translation of the code (with the answer's values), or the server's
 * text while that translation has not loaded. `texts`: the translations (those of the panel's language).
 */
export function serverErrorMessage(
  code: ServerErrorCode | undefined, values: unknown, serverText: string | undefined,
  texts: Readonly<Record<string, unknown>> | undefined = code ? serverErrorsNow() : undefined,
): string | undefined {
  const message = texts && code ? (texts[code] as string | ((v: unknown) => string) | undefined) : undefined;
  if (typeof message === 'string') return message;
  if (typeof message === 'function' && values !== undefined) {
    try {
      return message(values);
    } catch {
      // values of another shape (an older server): its own text below
    }
  }
  return serverText;
}

/**
 * Why a media process of the account (a live's restream, the playlist on air, a relay) ended in
 * error or keeps failing, as the API answers it (its Portuguese text, its code and the code's
 * values), in the panel's language: the text as it comes in pt-BR; elsewhere the code's message
 * written from the values (a program's own output, ffmpeg's last lines, stays as it was written).
 */
export function processErrorMessage(
  text: string, code: string | null | undefined, values: Record<string, unknown> | null | undefined,
  texts?: Readonly<Record<string, unknown>>,
): string {
  const known = (code ?? undefined) as ServerErrorCode | undefined;
  // texts undefined: serverErrorMessage's default, the panel's language's translations
  return serverErrorMessage(known, values ?? undefined, text, texts) ?? text;
}

/** The text to show for a failed call: the server's message (in the panel's language) when it sent one, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || !error.serverMessage) return fallback;
  return serverErrorMessage(error.code, error.values, error.serverMessage) ?? fallback;
}

/**
 * A text the server wrote in Portuguese beside a success or a verdict (`message`): shown as it
 * comes in pt-BR, where it is the spec's text; in another language the panel's own text for the
 * same outcome (`own`, from the catalogue) instead.
 */
export function serverText(text: string | null | undefined, own: string): string {
  return activeLocale() === SOURCE_LOCALE && text ? text : own;
}

/**
 * The message of a form's validation issue in the panel's language: the contract's schemas tag
 * their refusals with the server's error code (coded.ts), written here like the server's answer
 * would be; any other issue keeps its own text.
 */
export function issueText(issue: { message?: string } & object): string {
  // read here rather than with the contract's issueCode, which would bring the whole catalogue into this bundle
  const params = (issue as { params?: Partial<IssueCode> }).params;
  const tagged = typeof params?.code === 'string' ? { code: params.code, values: params.values } : undefined;
  return (tagged ? serverErrorMessage(tagged.code, tagged.values, issue.message) : issue.message) ?? '';
}
