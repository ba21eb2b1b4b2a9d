import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, test } from 'node:test';
import { errorText } from '@painel/contract';
import { boundaryOf, dispositionOf, firstFilePart, partialDelimiterAt } from './multipart-file.ts';

const B = 'XyZ123boundary';
const CT = `multipart/form-data; boundary=${B}`;
const fieldPart = (name: string, value: string) => `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (name: string, filename: string) =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: video/mp4\r\n\r\n`;

function chunked(buf: Buffer, size: number): Readable {
  const parts: Buffer[] = [];
  for (let i = 0; i < buf.length; i += size) parts.push(buf.subarray(i, i + size));
  return Readable.from(parts, { objectMode: false });
}
async function readAll(r: Readable): Promise<Buffer> {
  const out: Buffer[] = [];
  for await (const c of r) out.push(c as Buffer);
  return Buffer.concat(out);
}

describe('multipart file streaming', () => {
  // content full of near-misses of the delimiter
  const content = Buffer.concat([randomBytes(3000), Buffer.from(`\r\n--${B.slice(0, 5)}\r\r\n-\r\n--${B.slice(0, -1)}x`), randomBytes(3000), Buffer.from('\r')]);
  const body = Buffer.concat([
    Buffer.from('preâmbulo ignorado\r\n'),
    Buffer.from(fieldPart('titulo', 'Aula 1')),
    Buffer.from(fieldPart('vazio', '')),
    Buffer.from(filePart('video', 'Aula Nº 1.mp4')),
    content,
    Buffer.from(`\r\n--${B}\r\n`),
    Buffer.from(fieldPart('depois', 'x')),
    Buffer.from(`--${B}--\r\nepílogo`),
  ]);

  for (const size of [1, 2, 3, 5, 17, 64, 1024, body.length]) {
    test(`exact bytes with ${size}-byte chunks`, async () => {
      const part = await firstFilePart(chunked(body, size), CT);
      assert.equal(part.fieldname, 'video');
      assert.equal(part.filename, 'Aula Nº 1.mp4');
      assert.ok((await readAll(part.stream)).equals(content));
    });
  }

  test('an empty file', async () => {
    const part = await firstFilePart(chunked(Buffer.from(`${filePart('video', 'a.mp4')}\r\n--${B}--\r\n`), 3), CT);
    assert.equal((await readAll(part.stream)).length, 0);
  });

  test('a body cut before the closing boundary is an error, never a complete file', async () => {
    const part = await firstFilePart(chunked(Buffer.concat([Buffer.from(filePart('video', 'a.mp4')), content]), 100), CT);
    await assert.rejects(readAll(part.stream), (e: Error) => e.message === errorText('upload_interrupted'));
  });

  test('no file part, or not multipart at all', async () => {
    await assert.rejects(firstFilePart(chunked(Buffer.from(`${fieldPart('a', 'b')}--${B}--\r\n`), 4), CT), (e: Error) => e.message === errorText('upload_no_file'));
    await assert.rejects(firstFilePart(chunked(Buffer.from('nada'), 4), CT), (e: Error) => e.message === errorText('upload_no_file'));
    await assert.rejects(firstFilePart(chunked(Buffer.from('x'), 1), 'multipart/form-data'), (e: Error) => e.message === errorText('upload_not_multipart'));
  });

  test('a malformed filename* escape never throws: the plain filename is kept', async () => {
    const bad = `Content-Disposition: form-data; name="video"; filename="plano.mp4"; filename*=utf-8''%E0%A4%A`;
    assert.deepEqual(dispositionOf(bad), { name: 'video', filename: 'plano.mp4' });
    // and inside a stream it is a parse result, not an exception in a data listener
    const body = Buffer.from(`--${B}\r\n${bad}\r\n\r\nabc\r\n--${B}--\r\n`);
    const part = await firstFilePart(chunked(body, 7), CT);
    assert.equal(part.filename, 'plano.mp4');
    assert.equal((await readAll(part.stream)).toString(), 'abc');
  });

  test('boundary and Content-Disposition parsing', () => {
    assert.equal(boundaryOf('multipart/form-data; boundary="a b"'), 'a b');
    assert.equal(boundaryOf('multipart/form-data; charset=utf-8; boundary=----WebKit123'), '----WebKit123');
    assert.deepEqual(dispositionOf('content-disposition: form-data; name="video"; filename="a%22b.mp4"'), { name: 'video', filename: 'a"b.mp4' });
    assert.deepEqual(dispositionOf('Content-Disposition: form-data; name="video"; filename="C:\\Users\\x.mp4"'), { name: 'video', filename: 'C:\\Users\\x.mp4' });
    assert.deepEqual(dispositionOf(`Content-Disposition: form-data; name=video; filename="x"; filename*=UTF-8''%C3%A1.mp4`), { name: 'video', filename: 'á.mp4' });
    assert.deepEqual(dispositionOf('Content-Disposition: form-data; name="campo"'), { name: 'campo', filename: null });
  });

  test('partial delimiter detection at a chunk end', () => {
    const d = Buffer.from(`\r\n--${B}`);
    assert.equal(partialDelimiterAt(Buffer.from('abc\r\n--Xy'), d), 6);
    assert.equal(partialDelimiterAt(Buffer.from('abc\r'), d), 1);
    assert.equal(partialDelimiterAt(Buffer.from('abc\r\n-x'), d), 0);
    assert.equal(partialDelimiterAt(Buffer.from('abc'), d), 0);
  });
});
