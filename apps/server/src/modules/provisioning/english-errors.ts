import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerErrorCode } from '@painel/contract';
// the web's US English catalogue of the server's errors: plain TS typed against the contract's codes
import { serverErrorTexts } from '../../../../web/src/i18n/en-US/server-errors.ts';
import { AppError } from '../../platform/errors.ts';

/** A code's message in US English (billing systems are not Portuguese-only). */
export function englishText(code: ServerErrorCode, values?: unknown): string {
  const text = serverErrorTexts[code] as string | ((v: unknown) => string);
  return typeof text === 'function' ? text(values) : text;
}

/**
 * The provisioning API's error answer: the same body as the panel's (`success`, `code`, the
 * message's `values`) with `error` in English.
 */
export function englishErrorHandler(err: FastifyError | AppError, req: FastifyRequest, reply: FastifyReply): void {
  if (err instanceof AppError) {
    reply.status(err.status).send({
      success: false, error: englishText(err.code, err.values), code: err.code,
      ...(err.values !== undefined ? { values: err.values } : {}), ...err.extra,
    });
    return;
  }
  const status = err.statusCode ?? 500;
  if (status >= 500) req.log.error(err);
  const code: ServerErrorCode = status === 429 ? 'too_many_requests' : status >= 500 ? 'internal_error' : 'invalid_data';
  reply.status(status).send({ success: false, error: englishText(code), code });
}
