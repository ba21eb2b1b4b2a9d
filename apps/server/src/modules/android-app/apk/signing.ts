import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * This installation's key for signing Android packages: an RSA 2048 key and its self-signed
 * certificate in a PKCS#12 keystore, with a random password beside it, both 0600 in
 * DATA_DIR/secrets/android-signing. It is made once and reused, because a phone accepts an
 * update of an installed app only when it is signed by the same certificate.
 */
export interface SigningKey {
  keystore: string;
  passwordFile: string;
  alias: string;
}

const DIR = 'android-signing';
const ALIAS = 'painel';
/** About 27 years: an app must stay updatable long after it is published. */
const VALIDITY_DAYS = '10000';

const keyIn = (dir: string): SigningKey => ({ keystore: path.join(dir, 'keystore.p12'), passwordFile: path.join(dir, 'password'), alias: ALIAS });

/** Runs one child to its end, throwing when it fails (the builder's runner). */
export type Run = (cmd: string, args: string[], cwd?: string) => Promise<void>;

export async function signingKey(secretsDir: string, run: Run): Promise<SigningKey> {
  const dir = path.join(secretsDir, DIR);
  const key = keyIn(dir);
  if (await fs.stat(key.keystore).then(() => true, () => false)) return key;

  await fs.mkdir(secretsDir, { recursive: true, mode: 0o700 });
  // made aside and renamed into place whole, so a half-made key is never used
  const tmp = await fs.mkdtemp(path.join(secretsDir, `.${DIR}-`));
  try {
    const made = keyIn(tmp);
    await fs.writeFile(made.passwordFile, randomBytes(24).toString('base64url'), { mode: 0o600 });
    await run('keytool', [
      '-genkeypair', '-noprompt', '-keystore', made.keystore, '-storetype', 'PKCS12', '-storepass:file', made.passwordFile,
      '-alias', ALIAS, '-keyalg', 'RSA', '-keysize', '2048', '-validity', VALIDITY_DAYS, '-dname', 'CN=Painel, O=Painel',
    ]);
    await fs.chmod(made.keystore, 0o600);
    await fs.rename(tmp, dir).catch((e: NodeJS.ErrnoException) => {
      // another build made it first: that one is the installation's key
      if (e.code !== 'ENOTEMPTY' && e.code !== 'EEXIST') throw e;
    });
    return key;
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
}
