import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** Where every built APK is kept, under the name its row records. */
export const apkDir = (dataDir: string) => path.join(dataDir, 'apps', 'apk');
/** `{login}-{id}-{random}.apk`: the random part makes the address of one APK impossible to guess from another's. */
export const apkFileName = (login: string, id: number) => `${login}-${id}-${randomBytes(8).toString('hex')}.apk`;

/** Writes a file under a temporary name and renames it into place, so a reader never sees half of it. */
export async function writeAtomic(dir: string, name: string, data: Buffer): Promise<void> {
  await fsp.mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `.${name}.tmp`);
  try {
    await fsp.writeFile(tmp, data, { mode: 0o644 });
    await fsp.rename(tmp, path.join(dir, name));
  } finally {
    await fsp.rm(tmp, { force: true });
  }
}
