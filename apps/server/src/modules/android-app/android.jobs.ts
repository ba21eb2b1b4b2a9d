import { z } from 'zod';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { errorText } from '@painel/contract';
import { defineJob, type Core } from '../module.ts';
import { AppError } from '../../platform/errors.ts';
import type { JobHandler } from '../../platform/jobs.ts';
import { buildApk } from './apk/build.ts';
import { createAndroidRepo } from './android.repo.ts';
import { apkDir, apkFileName, writeAtomic } from './apk-files.ts';

/** What the API queues for the worker: the whole build, so the APK is what was asked even if the configuration changes meanwhile. */
export const apkInput = z.object({
  appId: z.number().int().positive(),
  login: z.string().min(1),
  spec: z.object({
    packageName: z.string().min(1),
    label: z.string().min(1),
    versionName: z.string().min(1),
    versionCode: z.number().int().positive(),
    url: z.string().min(1),
    /** The launcher icon, a PNG in base64. */
    icon: z.string().min(1),
    primaryColor: z.string(),
    primaryDarkColor: z.string(),
  }),
});
export type ApkInput = z.infer<typeof apkInput>;

/**
 * The worker's APK build: the package made in the job's directory, then kept under
 * DATA_DIR/apps/apk and named in its row ('Concluído'); a failure ends the row 'Erro' with the
 * reason. A row removed meanwhile gets nothing: the result is discarded. A stop of the worker
 * leaves the row building, and the next worker builds it again.
 */
export function apkHandler(core: Core, log: (line: string) => void = () => {}): JobHandler<ApkInput> {
  const repo = createAndroidRepo();
  const { db } = core.store;
  return async (ctx) => {
    const { input } = ctx;
    const row = await repo.appById(db, input.appId);
    if (!row || row.state !== 'building' || row.user_id !== ctx.job.user_id) return null;
    const zip = apkFileName(input.login, row.id);
    const dest = path.join(apkDir(core.config.dataDir), zip);
    try {
      const built = await buildApk({ ...input.spec, icon: Buffer.from(input.spec.icon, 'base64') }, {
        workdir: ctx.workdir, secretsDir: path.join(core.config.dataDir, 'secrets'), signal: ctx.signal, onPid: (pid) => ctx.setPid(pid), env: ctx.env,
      });
      await writeAtomic(apkDir(core.config.dataDir), zip, await fsp.readFile(built));
      if (!(await repo.finish(db, row.id, { state: 'done', zip }))) {
        await fsp.rm(dest, { force: true });
        return null;
      }
      return { zip };
    } catch (e) {
      await fsp.rm(dest, { force: true });
      if (ctx.signal.aborted) throw e;
      // the builder's own refusal (tools missing) is shown as it is; anything else is the general one
      const code = e instanceof AppError && e.code === 'apk_tools_missing' ? 'apk_tools_missing' : 'apk_build_failed';
      const aviso = errorText(code);
      const cause = e instanceof Error && e.cause ? ` (${String(e.cause instanceof Error ? e.cause.message : e.cause)})` : '';
      log(`apk ${row.id}: ${e instanceof Error ? e.message : String(e)}${cause}`);
      await repo.finish(db, row.id, { state: 'error', aviso });
      throw new AppError(code);
    }
  };
}

/** App builds: one at a time per worker (the build is heavy and short). */
export const apkJob = defineJob({ kind: 'apk', input: apkInput, slots: 1, handler: (ctx) => apkHandler(ctx, ctx.log('apk')) });
