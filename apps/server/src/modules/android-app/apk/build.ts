import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../../platform/errors.ts';
import { runChild } from '../../../platform/exec.ts';
import { squarePng } from '../../../platform/images.ts';
import { mainActivityDex } from './main-activity.ts';
import { ICON_SIZES, manifestXml, stringsXml, themeXml } from './resources.ts';
import { signingKey, type Run } from './signing.ts';

/*
 * The Android package of a channel, built offline with Debian's Android tools: aapt compiles
 * the manifest and resources against the framework's, the app's code is written here as
 * classes.dex, then zipalign and apksigner (this installation's key) make it installable, and
 * apksigner verifies the result before anyone can download it.
 */

export interface ApkSpec {
  /** Java package name, e.g. 'br.com.painel.tv.demo' (see packageNameFor). */
  packageName: string;
  /** The app's name on the phone (any Unicode, accents included). */
  label: string;
  versionName: string;
  versionCode: number;
  /** The page the app opens full screen (http or https). */
  url: string;
  /** The launcher icon, a PNG: every density is made from it. */
  icon: Buffer;
  /** Theme colours '#RRGGBB': the window background and the status bar. */
  primaryColor: string;
  primaryDarkColor: string;
}

export interface BuildOptions {
  /** An empty directory the build may use. */
  workdir: string;
  /** DATA_DIR/secrets: the installation's signing key is created there once (0600) and reused. */
  secretsDir: string;
  /** Aborts the build: children are killed, nothing is left. */
  signal?: AbortSignal;
  /** Called with each child's pid, and null when it ends. */
  onPid?: (pid: number | null) => void;
  /** Environment for the children. */
  env?: NodeJS.ProcessEnv;
}

const FRAMEWORK_RES = '/usr/share/android-framework-res/framework-res.apk';
/** keytool comes with the Java runtime apksigner runs on. */
const TOOLS = ['aapt', 'zipalign', 'apksigner', 'keytool'];
const STEP_TIMEOUT_MS = 3 * 60_000;
const PACKAGE_ROOT = 'br.com.painel.tv';

const JAVA_KEYWORDS = new Set(('abstract assert boolean break byte case catch char class const continue default do double else enum '
  + 'extends final finally float for goto if implements import instanceof int interface long native new package private protected '
  + 'public return short static strictfp super switch synchronized this throw throws transient try void volatile while true false null').split(' '));
const SEGMENT_RE = /^[a-z][a-z0-9_]*$/;
const isSegment = (s: string) => SEGMENT_RE.test(s) && !JAVA_KEYWORDS.has(s);

/**
 * The package name of an account's app. A login that is already a valid name segment is used
 * as it is; any other (a leading digit, a Java keyword) goes one level deeper with a letter in
 * front, so two logins never share a package (a phone would take one app for the other).
 */
export function packageNameFor(login: string): string {
  const seg = login.normalize('NFD').toLowerCase().replace(/[^a-z0-9_]/g, '');
  return isSegment(seg) ? `${PACKAGE_ROOT}.${seg}` : `${PACKAGE_ROOT}.u.u${seg}`;
}

async function onPath(cmd: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir && (await fs.access(path.join(dir, cmd), constants.X_OK).then(() => true, () => false))) return true;
  }
  return false;
}

/** Whether aapt, zipalign, apksigner (with its Java runtime) and the framework resources are installed (on env's PATH). */
export async function apkToolsAvailable(env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  const found = await Promise.all([...TOOLS.map((t) => onPath(t, env)), fs.access(FRAMEWORK_RES, constants.R_OK).then(() => true, () => false)]);
  return found.every(Boolean);
}

/** Why a spec cannot be built, or null: the service checks the customer's input, this guards the tools' input. */
function specProblem(s: ApkSpec): string | null {
  if (!s.packageName.split('.').every(isSegment) || !s.packageName.includes('.')) return `nome de pacote inválido: ${s.packageName}`;
  if (!s.label.trim()) return 'nome do app vazio';
  if (!/^[0-9A-Za-z._-]{1,20}$/.test(s.versionName)) return `versão inválida: ${s.versionName}`;
  if (!Number.isInteger(s.versionCode) || s.versionCode < 1 || s.versionCode > 2_100_000_000) return `código de versão inválido: ${s.versionCode}`;
  if (!/^#[0-9a-fA-F]{6}$/.test(s.primaryColor) || !/^#[0-9a-fA-F]{6}$/.test(s.primaryDarkColor)) return 'cor inválida';
  const url = URL.canParse(s.url) ? new URL(s.url) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return `endereço inválido: ${s.url}`;
  return null;
}

const failed = (cause: unknown) => Object.assign(new AppError('apk_build_failed'), { cause });

/** Writes the manifest, the resources (icons in every density) and classes.dex under `dir`. */
async function writeSources(spec: ApkSpec, dir: string) {
  const res = path.join(dir, 'res');
  await fs.mkdir(path.join(res, 'values'), { recursive: true });
  const theme = themeXml(spec.primaryColor, spec.primaryDarkColor);
  await fs.writeFile(path.join(dir, 'AndroidManifest.xml'), manifestXml(spec));
  await fs.writeFile(path.join(res, 'values', 'strings.xml'), stringsXml(spec.label));
  await fs.writeFile(path.join(res, 'values', 'colors.xml'), theme.colors);
  await fs.writeFile(path.join(res, 'values', 'styles.xml'), theme.styles);
  for (const [density, size] of Object.entries(ICON_SIZES)) {
    const png = await squarePng(spec.icon, size).catch((e: unknown) => { throw failed(e); });
    await fs.mkdir(path.join(res, `mipmap-${density}`));
    await fs.writeFile(path.join(res, `mipmap-${density}`, 'ic_launcher.png'), png);
  }
  await fs.mkdir(path.join(dir, 'dex'));
  await fs.writeFile(path.join(dir, 'dex', 'classes.dex'), mainActivityDex(spec.packageName, spec.url));
}

/** Empties the build's directory, keeping `keep`. */
async function clear(dir: string, keep?: string) {
  for (const name of await fs.readdir(dir).catch(() => [])) {
    if (name !== keep) await fs.rm(path.join(dir, name), { recursive: true, force: true });
  }
}

/** Builds, aligns, signs and verifies the APK; resolves with the path of the signed file inside workdir. */
export async function buildApk(spec: ApkSpec, opts: BuildOptions): Promise<string> {
  if (!(await apkToolsAvailable(opts.env))) throw new AppError('apk_tools_missing');
  const problem = specProblem(spec);
  if (problem) throw failed(problem);
  const signal = opts.signal ?? new AbortController().signal;
  const run: Run = async (cmd, args, cwd) => {
    if (signal.aborted) throw failed(signal.reason);
    const r = await runChild(cmd, args, {
      signal, cwd, env: opts.env, timeoutMs: STEP_TIMEOUT_MS, onSpawn: (pid) => opts.onPid?.(pid),
    }).finally(() => opts.onPid?.(null));
    if (r.aborted) throw failed(signal.reason);
    if (r.code !== 0) throw failed(`${cmd} ${args[0]} terminou com ${r.timedOut ? 'tempo esgotado' : r.code}: ${r.tail.slice(-8).join(' | ')}`);
  };

  const dir = path.resolve(opts.workdir);
  const file = (name: string) => path.join(dir, name);
  try {
    const key = await signingKey(opts.secretsDir, run);
    await writeSources(spec, dir);
    await run('aapt', ['package', '-f', '-M', file('AndroidManifest.xml'), '-S', file('res'), '-I', FRAMEWORK_RES, '-F', file('unsigned.apk')]);
    // run beside classes.dex, so it lands at the root of the package
    await run('aapt', ['add', file('unsigned.apk'), 'classes.dex'], file('dex'));
    await run('zipalign', ['-f', '-p', '4', file('unsigned.apk'), file('aligned.apk')]);
    await run('apksigner', [
      'sign', '--ks', key.keystore, '--ks-type', 'PKCS12', '--ks-key-alias', key.alias, '--ks-pass', `file:${key.passwordFile}`,
      '--out', file('app.apk'), file('aligned.apk'),
    ]);
    await run('apksigner', ['verify', file('app.apk')]);
    await clear(dir, 'app.apk');
    return file('app.apk');
  } catch (e) {
    await clear(dir);
    throw e instanceof AppError && (e.code === 'apk_build_failed' || e.code === 'apk_tools_missing') ? e : failed(e);
  }
}
