import assert from 'node:assert/strict';
import { test } from 'node:test';
import sharp from 'sharp';
import { errorText, msg } from '@painel/contract';
import { cleanImage, readImage, squarePng } from './images.ts';

const png = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 4, background: '#ff0000' } }).png().toBuffer();

test('an image is read with its format and size, and written anew without metadata', async () => {
  const jpeg = await sharp({ create: { width: 640, height: 1136, channels: 3, background: '#0000ff' } })
    .jpeg().withMetadata({ exif: { IFD0: { Copyright: 'segredo' } } }).toBuffer();
  const info = await readImage(jpeg);
  assert.deepEqual(info, { format: 'jpeg', width: 640, height: 1136 });
  const clean = await cleanImage(jpeg, info);
  assert.equal(clean.ext, 'jpg');
  assert.equal((await sharp(clean.data).metadata()).exif, undefined);
});

test('SVG, animations, oversized and broken files are refused with their messages', async () => {
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
  await assert.rejects(readImage(svg), { message: errorText('image_invalid') });
  await assert.rejects(readImage(Buffer.from('não é imagem')), { message: errorText('image_invalid') });
  const frame = (background: string) => sharp({ create: { width: 8, height: 8, channels: 4, background } }).png().toBuffer();
  const anim = await sharp([await frame('#00ff00'), await frame('#ff0000')], { join: { animated: true } }).gif().toBuffer();
  await assert.rejects(readImage(anim), { message: errorText('image_animated') });
  await assert.rejects(readImage(await png(5000, 10)), { message: msg.imageTooLarge });
  await assert.rejects(readImage(Buffer.alloc(6 * 1024 * 1024)), { message: msg.imageTooLarge });
});

test('a square icon keeps the whole picture', async () => {
  const icon = await squarePng(await png(300, 150), 192);
  const meta = await sharp(icon).metadata();
  assert.equal(meta.format, 'png');
  assert.equal(meta.width, 192);
  assert.equal(meta.height, 192);
});
