import fsp from 'node:fs/promises';
import path from 'node:path';
import { msg } from '@painel/contract';
import type { Core } from '../../app.ts';
import { AppError } from '../../platform/errors.ts';
import type { JobHandler } from '../../platform/jobs.ts';
import { buildApk } from './apk/build.ts';
import { createAndroidRepo } from './android.repo.ts';
import { apkDir, apkFileName, apkInput, writeAtomic } from './android.service.ts';

/** The builder's own messages are shown as they are; anything else is the general one. */
const KNOWN = new Set<string>([msg.apkToolsMissing, msg.apkBuildFailed]);

/**
 * The worker's APK build: the package made in the job's directory, then kept under
 * DATA_DIR/apps/apk and named in its row ('Concluído'); a failure ends the row 'Erro' with the
 * reason. A row removed meanwhile gets nothing: the result is discarded. A stop of the worker
 * leaves the row building, and the next worker builds it again.
 */
export function apkJob(core: Core, log: (line: string) => void = () => {}): JobHandler {
  const repo = createAndroidRepo();
  const { db } = core.store;
  return async (ctx) => {
    const input = apkInput.parse(ctx.input);
    const row = await repo.appById(db, input.appId);
    if (!row || row.status !== 0 || row.user_id !== ctx.job.user_id) return null;
    const zip = apkFileName(input.login, row.id);
    const dest = path.join(apkDir(core.config.dataDir), zip);
    try {
      const built = await buildApk({ ...input.spec, icon: Buffer.from(input.spec.icon, 'base64') }, {
        workdir: ctx.workdir, secretsDir: path.join(core.config.dataDir, 'secrets'), signal: ctx.signal, onPid: (pid) => ctx.setPid(pid), env: ctx.env,
      });
      await writeAtomic(apkDir(core.config.dataDir), zip, await fsp.readFile(built));
      if (!(await repo.finish(db, row.id, { status: 1, zip }))) {
        await fsp.rm(dest, { force: true });
        return null;
      }
      return { zip };
    } catch (e) {
      await fsp.rm(dest, { force: true });
      if (ctx.signal.aborted) throw e;
      const aviso = e instanceof Error && KNOWN.has(e.message) ? e.message : msg.apkBuildFailed;
      const cause = e instanceof Error && e.cause ? ` (${String(e.cause instanceof Error ? e.cause.message : e.cause)})` : '';
      log(`apk ${row.id}: ${e instanceof Error ? e.message : String(e)}${cause}`);
      await repo.finish(db, row.id, { status: 2, aviso });
      throw new AppError(422, aviso);
    }
  };
}
