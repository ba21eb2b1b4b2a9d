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
