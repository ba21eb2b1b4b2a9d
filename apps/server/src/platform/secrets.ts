import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

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

/** Makes every installation key that is missing. */
export function ensureInstallationKeys(dataDir: string): void {
  for (const name of INSTALLATION_KEYS) secret(dataDir, name);
}
