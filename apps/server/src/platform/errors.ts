import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { msg } from '@painel/contract';

/** A failure the user is told about: an HTTP status and a Portuguese message. */
export class AppError extends Error {
  readonly status: number;
  readonly extra: Record<string, unknown>;
  constructor(status: number, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.extra = extra;
  }
}

export const notFound = (): AppError => new AppError(404, msg.notFound);

/** Parses input with a contract schema; the first issue's message becomes a 400. */
export function parse<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  const first = r.error.issues[0];
  // zod's own English texts never reach the user; the contract's Portuguese ones do
  const portuguese = first?.message && !/^(Invalid|Too |Expected|Required|Unrecognized)/.test(first.message);
  throw new AppError(400, portuguese ? first.message : msg.invalidData);
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ success: false, error: err.message, ...err.extra });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) req.log.error(err);
    const error = status === 429 ? msg.tooManyRequests : status >= 500 ? msg.internalError : msg.invalidData;
    return reply.status(status).send({ success: false, error });
  });
}
