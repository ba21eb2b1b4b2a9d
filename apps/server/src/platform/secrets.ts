import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './db.ts';
import { recordInstallationValue } from './db.repo.ts';
import { AppError } from './errors.ts';

/** Reads a secret from DATA_DIR/secrets, creating it (mode 0600) on first use. */
export function secret(dataDir: string, name: string, make: () => Buffer = () => randomBytes(32)): Buffer {
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, name);
  try {
    return fs.readFileSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const value = make();
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, value, { mode: 0o600 });
  try {
    fs.linkSync(tmp, file); // first writer wins when two processes start together
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    fs.unlinkSync(tmp);
  }
  return fs.readFileSync(file);
}

/**
 * The keys every server of an installation must share (sessions, seals, signatures, salts), each
 * made on the first start rather than on first use: a copy of `DATA_DIR/secrets/` taken from a
 * server that has started once holds them all, so a server that joins with it verifies, opens and
 * signs the same way (docs/production.md).
 */
export const INSTALLATION_KEYS = [
  'jwt.key', 'ftp.key', 'rtmp-hook.key', 'content.key', 'player-vod.key', 'player-preview.key', 'viewer-ip.key', 'chat-ip.key', 'push-ip.key',
] as const;

/**
 * The installation's keys as one fingerprint (an HMAC over them: it tells nothing of the keys);
 * reading them makes every one that is missing.
 */
export function installationFingerprint(dataDir: string): string {
  const mac = createHmac('sha256', 'painel:instalacao');
  for (const name of INSTALLATION_KEYS) mac.update(`${name}\0`).update(secret(dataDir, name)).update('\n');
  return mac.digest('hex');
}

/**
 * The servers of an installation share its keys: the first one to open the database records
 * their fingerprint, and a server whose DATA_DIR/secrets/ differ (a second machine started
 * without the copy) is refused with `installation_secrets_mismatch` before it serves anything,
 * instead of signing sessions no other server accepts.
 */
export async function assertInstallationKeys(db: Db, dataDir: string): Promise<void> {
  const mine = installationFingerprint(dataDir);
  if ((await recordInstallationValue(db, 'segredos', mine)) !== mine) throw new AppError('installation_secrets_mismatch', { dir: path.join(dataDir, 'secrets') });
}
