import type { FastifyContextConfig, FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import { apiKeyCreateBody, passwordResetBody, provisioningAccountBody, provisioningPlanBody } from '@painel/contract';
import { bearer } from '../../platform/auth.ts';
import { AppError, errorHandlerIn, parse } from '../../platform/errors.ts';
import type { ReadCache } from '../../platform/read-cache.ts';
import type { Caller } from '../management/management.service.ts';
import { accountFiles } from '../servers/routing.ts';
import type { ApiKeysService, StoredAnswer } from './api-keys.service.ts';
import type { ProvisioningService } from './provisioning.service.ts';

const V1 = '/api/provisioning/v1';

/** A key id from the path; anything else is no key at all. */
function keyIdOf(params: unknown): number {
  const raw = (params as { id?: string }).id ?? '';
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('api_key_not_found');
  return id;
}

const loginOf = (params: unknown): string => (params as { login?: string }).login ?? '';

export function provisioningRoutes(app: FastifyInstance, deps: { keys: ApiKeysService; provisioning: ProvisioningService; readCache: ReadCache }): void {
  const { keys, provisioning, readCache } = deps;

  // the operator's keys: only accounts of tipo admin
  const auth = { preHandler: app.requireAuth };
  const operatorOnly = (req: FastifyRequest) => {
    if (req.auth.account.tipo !== 'admin') throw new AppError('operator_only');
  };
  app.get('/api/admin/api-keys', auth, async (req) => {
    operatorOnly(req);
    return { success: true, keys: await keys.list() };
  });
  app.post('/api/admin/api-keys', auth, async (req, reply) => {
    operatorOnly(req);
    const created = await keys.create(parse(apiKeyCreateBody, req.body ?? {}));
    return reply.status(201).send({ success: true, ...created });
  });
  app.delete('/api/admin/api-keys/:id', auth, async (req) => {
    operatorOnly(req);
    return { success: true, key: await keys.revoke(keyIdOf(req.params)) };
  });

  // the provisioning API: an API key, English errors (the panel's handler, billing systems are
  // not Portuguese-only), and Idempotency-Key on every change
  const englishErrors = errorHandlerIn('en-US');
  const caller = async (req: FastifyRequest): Promise<{ keyId: number; caller: Caller }> => {
    const key = await keys.authenticate(bearer(req));
    return { keyId: key.id, caller: await provisioning.callerOf(key) };
  };
  const route = (method: HTTPMethods, url: string, run: (c: Caller, req: FastifyRequest) => Promise<StoredAnswer>, opts: { config?: FastifyContextConfig } = {}) =>
    app.route({
      method, url: `${V1}${url}`, errorHandler: englishErrors, ...opts,
      handler: async (req, reply) => {
        const who = await caller(req);
        if (method === 'GET') {
          const answer = await run(who.caller, req);
          return reply.status(answer.status).send(answer.body);
        }
        const header = req.headers['idempotency-key'];
        if (Array.isArray(header)) throw new AppError('idempotency_key_invalid');
        const answer = await keys.once(who.keyId, header, JSON.stringify([req.method, req.url, req.body ?? null]), () => run(who.caller, req));
        const touched = touchedBy.get(req);
        if (touched !== undefined) readCache.forget(touched);
        if (answer.replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(answer.status).send(answer.body);
      },
    });
  /** The account a change was made to: its reused reads are dropped once the change is done. */
  const touchedBy = new WeakMap<FastifyRequest, number>();
  /** An account of the key's scope by the path's login (404 outside it). */
  const target = async (c: Caller, req: FastifyRequest) => {
    const row = await provisioning.accountOf(c, loginOf(req.params));
    touchedBy.set(req, row.id);
    return row;
  };
  const ok = (body: unknown): StoredAnswer => ({ status: 200, body });

  route('POST', '/accounts', async (c, req) => ({ status: 201, body: await provisioning.create(c, parse(provisioningAccountBody, req.body ?? {})) }));
  route('GET', '/accounts/:login', async (c, req) => ok(await provisioning.show(c, (await provisioning.accountOf(c, loginOf(req.params))).id)));
  route('PUT', '/accounts/:login/plan', async (c, req) => {
    const body = parse(provisioningPlanBody, req.body ?? {});
    return ok(await provisioning.updatePlan(c, await target(c, req), body));
  });
  route('POST', '/accounts/:login/suspend', async (c, req) => ok(await provisioning.suspend(c, await target(c, req))));
  route('POST', '/accounts/:login/unsuspend', async (c, req) => ok(await provisioning.unsuspend(c, await target(c, req))));
  route('POST', '/accounts/:login/password', async (c, req) => {
    const { senha } = parse(passwordResetBody, req.body ?? {});
    return ok(await provisioning.resetPassword(c, await target(c, req), senha));
  });
  // removing an account removes its files: on its own server (servers/routing.ts)
  route('DELETE', '/accounts/:login', async (c, req) => ok(await provisioning.remove(c, await target(c, req))), accountFiles.loginParam('login'));
}
