import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { errorHasValues, errorStatus, errorText, issueCode, type ErrorValues, type ServerErrorCode } from '@painel/contract';
import { serverErrorTexts as enUS } from '@painel/contract/server-errors/en-US';
import { serverErrorTexts as esES } from '@painel/contract/server-errors/es-ES';
import type { ServerErrorTexts, TranslatedLanguage } from '@painel/contract/server-errors/texts';
import { isDiskFull } from './disk-full.ts';
import { isDatabaseUnavailable } from './db-errors.ts';

/** Fields some answers carry beside the error (the viewer limit's `limite`, an expired session's `expired`). */
type Extra = Record<string, unknown>;
/** What follows the code: the message's values when it has any, then the extra fields of the body. */
export type AppErrorArgs<C extends ServerErrorCode> = ErrorValues<C> extends undefined ? [extra?: Extra] : [values: ErrorValues<C>, extra?: Extra];

/**
 * A failure the user is told about, known by its catalogue code (packages/contract errors.ts),
 * which gives its HTTP status and Portuguese message: `new AppError('booking_not_found')`,
 * `new AppError('booking_limit', { max })`. Code decides by `code`, never by the text.
 */
export class AppError<C extends ServerErrorCode = ServerErrorCode> extends Error {
  readonly code: C;
  readonly status: number;
  readonly extra: Extra;
  /** The values the message was written from, which a client writes its own language's message with. */
  readonly values: ErrorValues<C> | undefined;
  constructor(code: C, ...args: AppErrorArgs<C>) {
    const [values, extra] = errorHasValues(code) ? [args[0], args[1]] : [undefined, args[0]];
    super(errorText(code, ...([values] as never)));
    this.code = code;
    this.values = values as ErrorValues<C> | undefined;
    this.status = errorStatus(code);
    this.extra = (extra ?? {}) as Extra;
  }
}

/** An AppError of a code known only at run time (the one a zod issue carries). */
export const appErrorOf = (code: ServerErrorCode, values?: unknown): AppError =>
  new (AppError as new (code: ServerErrorCode, ...args: unknown[]) => AppError)(code, ...(errorHasValues(code) ? [values] : []));

export const notFound = (): AppError<'not_found'> => new AppError('not_found');

/**
 * An error of the machine rather than of the code or the request: a write that met a full disk
 * (`disk_full`, 507) or the database away (`database_unavailable`, 503), as the error the user
 * is told; null for anything else (an AppError already says what it is).
 */
export function machineError(e: unknown): AppError<'disk_full' | 'database_unavailable'> | null {
  if (e instanceof AppError) return null;
  if (isDiskFull(e)) return new AppError('disk_full');
  if (isDatabaseUnavailable(e)) return new AppError('database_unavailable');
  return null;
}

/** A write that met a full disk (ENOSPC, EDQUOT, SQLITE_FULL…) becomes `disk_full` (507); anything else is returned as it is. */
export const orDiskFull = (e: unknown): unknown => (!(e instanceof AppError) && isDiskFull(e) ? new AppError('disk_full') : e);

/**
 * The language of an answer's `error` text: the panel's API answers in Portuguese (the panel
 * shows the text of the code in its user's language), the provisioning API in US English.
 */
export type ErrorLanguage = 'pt-BR' | TranslatedLanguage;

const TRANSLATIONS: Record<TranslatedLanguage, ServerErrorTexts> = { 'en-US': enUS, 'es-ES': esES };

/** A code's message in a language, written from its values. */
export function errorTextIn(language: ErrorLanguage, code: ServerErrorCode, values?: unknown): string {
  if (language === 'pt-BR') return (errorText as (c: ServerErrorCode, v?: unknown) => string)(code, values);
  const text = TRANSLATIONS[language][code] as string | ((v: unknown) => string);
  return typeof text === 'function' ? text(values) : text;
}

/** The API's error body: the text (the AppError's Portuguese, or its code's in `language`), its code, the message's values (when it has any) and the error's extra fields. */
export const errorBody = (err: AppError, language: ErrorLanguage = 'pt-BR'): Record<string, unknown> => ({
  success: false,
  error: language === 'pt-BR' ? err.message : errorTextIn(language, err.code, err.values),
  code: err.code,
  ...(err.values !== undefined ? { values: err.values } : {}),
  ...err.extra,
});

/**
 * Parses input with a contract schema; a refusal becomes a 400 with the code the contract's
 * schema gave its issue (see coded.ts), and anything else (zod's own checks) `invalid_data`.
 */
export function parse<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  const tagged = issueCode(r.error.issues[0]);
  throw tagged ? appErrorOf(tagged.code, tagged.values) : new AppError('invalid_data');
}

/**
 * The API's one error handler, its texts in `language`: an AppError as its code says; a write that
 * met a full disk, or the database away, as `disk_full` / `database_unavailable`; Fastify's own
 * refusals with their status and a code. The panel's routes use it in Portuguese (installErrorHandler),
 * a route for other callers in theirs (`errorHandler: errorHandlerIn('en-US')`).
 */
export function errorHandlerIn(language: ErrorLanguage) {
  return (err: FastifyError | AppError, req: FastifyRequest, reply: FastifyReply): FastifyReply => {
    if (err instanceof AppError) return reply.status(err.status).send(errorBody(err, language));
    // a write anywhere that met a full disk, or the database away (a PostgreSQL restart): the user
    // is told so (507, or a 503 the client may retry), not 'internal error'
    const machine = machineError(err);
    if (machine) {
      if (machine.code === 'disk_full') req.log.error(err);
      return reply.status(machine.status).send(errorBody(machine, language));
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) req.log.error(err);
    // the status stays Fastify's own (413, 415…); the body names what the user is told
    const code: ServerErrorCode = status === 429 ? 'too_many_requests' : status >= 500 ? 'internal_error' : 'invalid_data';
    return reply.status(status).send({ success: false, error: errorTextIn(language, code), code });
  };
}

export function installErrorHandler(app: FastifyInstance, language: ErrorLanguage = 'pt-BR'): void {
  app.setErrorHandler(errorHandlerIn(language));
}
