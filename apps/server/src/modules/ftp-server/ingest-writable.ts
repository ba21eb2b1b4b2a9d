import { PassThrough, Writable, type Readable } from 'node:stream';
import { errorText } from '@painel/contract';

const HWM = 1024 * 1024;

/**
 * The Writable ftp-srv pipes a STOR's data connection into. It feeds the library's ingest
 * (quota, temp file, probe, record) and finishes only when the ingest has finished, so
 * the client's 226 means "recorded in the panel" and a refusal arrives as its 550.
 */
export class IngestWritable extends Writable {
  readonly #source = new PassThrough({ highWaterMark: HWM });
  readonly #done: Promise<unknown>;
  #failed: Error | null = null;
  #flowing = false;

  constructor(start: (source: Readable) => Promise<unknown>) {
    super({ highWaterMark: HWM });
    this.#done = start(this.#source);
    // the ingest reads the source's errors through its pipeline; one that failed before reading
    // (the plan, the database on a full disk) leaves nobody listening, and the error would end the process
    this.#source.on('error', () => undefined);
    // ftp-srv attaches its own error listener a moment later; until then an early refusal must not crash the process
    this.on('error', () => undefined);
    // a refusal fails the stream once bytes flow (ftp-srv is waiting on it by then); one that comes
    // before — an ingest that fails at once, like the database on a full disk — is told by the
    // first bytes or by the end: failed earlier, ftp-srv would miss it and the STOR never end
    this.#done.catch((e: unknown) => {
      this.#failed = e as Error;
      if (this.#flowing) this.destroy(this.#failed);
    });
    // ftp-srv says "the client finished sending" by emitting a bare 'close' on the stream
    this.on('close', () => {
      if (!this.destroyed && !this.writableEnded) this.end();
    });
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, cb: (e?: Error | null) => void): void {
    this.#flowing = true;
    if (this.#failed) return cb(this.#failed);
    if (this.#source.write(chunk)) cb();
    else this.#source.once('drain', () => cb());
  }

  override _final(cb: (e?: Error | null) => void): void {
    this.#source.end();
    this.#done.then(() => cb(), (e: unknown) => cb(e as Error));
  }

  override _destroy(err: Error | null, cb: (e?: Error | null) => void): void {
    // a connection cut mid-transfer: the ingest sees an error and keeps nothing
    if (!this.#source.writableFinished) this.#source.destroy(err ?? new Error(errorText('upload_interrupted')));
    this.#done.then(() => cb(err), () => cb(err));
  }
}
