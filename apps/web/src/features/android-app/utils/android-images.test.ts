import assert from 'node:assert/strict';
import { test } from 'node:test';
import { msg } from '@painel/contract';
import { androidImageError, configureFormError, createFormError, sniffFormat, type PickedImage } from './android-images.ts';

const png = (width: number, height: number): PickedImage => ({ format: 'png', width, height });
const jpeg = (width: number, height: number): PickedImage => ({ format: 'jpeg', width, height });
const right = { logo: png(300, 300), icone: png(144, 144), fundo: jpeg(640, 1136) };

test('the format is read from the first bytes, not from the name', () => {
  assert.equal(sniffFormat(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])), 'png');
  assert.equal(sniffFormat(new Uint8Array([0xff, 0xd8, 0xff, 0xe0])), 'jpeg');
  assert.equal(sniffFormat(new Uint8Array([0x47, 0x49, 0x46, 0x38])), 'other');
  assert.equal(sniffFormat(new Uint8Array([0x89, 0x50])), 'other');
  assert.equal(sniffFormat(new Uint8Array()), 'other');
});

test('each image must be exactly its size: logo 300x300, icon 144x144, background 640x1136', () => {
  assert.equal(androidImageError('logo', png(300, 300), msg), null);
  assert.equal(androidImageError('logo', png(200, 200), msg), msg.androidLogoSize);
  assert.equal(androidImageError('logo', png(300, 301), msg), msg.androidLogoSize);
  assert.equal(androidImageError('icone', png(144, 144), msg), null);
  assert.equal(androidImageError('icone', png(192, 192), msg), msg.androidIconSize);
  assert.equal(androidImageError('fundo', jpeg(640, 1136), msg), null);
  assert.equal(androidImageError('fundo', jpeg(1136, 640), msg), msg.androidBackgroundSize);
  // a file that did not decode has no size
  assert.equal(androidImageError('icone', png(0, 0), msg), msg.androidIconSize);
});

test('logo and icon PNG, background JPEG: the type is refused before the size', () => {
  assert.equal(androidImageError('logo', jpeg(300, 300), msg), msg.androidLogoType);
  assert.equal(androidImageError('icone', { format: 'other', width: 10, height: 10 }, msg), msg.androidIconType);
  assert.equal(androidImageError('fundo', png(640, 1136), msg), msg.androidBackgroundType);
  assert.equal(androidImageError('fundo', png(10, 10), msg), msg.androidBackgroundType);
});

test('create: name required and at most 30, then all three images, then each image in order', () => {
  assert.equal(createFormError({ nome: '   ', ...right }, msg), msg.androidNameRequired);
  assert.equal(createFormError({ nome: 'x'.repeat(31), ...right }, msg), msg.androidNameTooLong);
  assert.equal(createFormError({ nome: ` ${'x'.repeat(30)} `, ...right }, msg), null);
  assert.equal(createFormError({ nome: 'TV', ...right, icone: null }, msg), msg.androidImagesRequired);
  assert.equal(createFormError({ nome: 'TV', logo: png(200, 200), icone: png(1, 1), fundo: png(1, 1) }, msg), msg.androidLogoSize);
  assert.equal(createFormError({ nome: 'TV', ...right, icone: jpeg(144, 144) }, msg), msg.androidIconType);
  assert.equal(createFormError({ nome: 'TV', ...right, fundo: jpeg(640, 1000) }, msg), msg.androidBackgroundSize);
  assert.equal(createFormError({ nome: 'TV Cidade', ...right }, msg), null);
});

test('configure: images are optional, and a picked one must still be right', () => {
  assert.equal(configureFormError({ logo: null, fundo: null }, msg), null);
  assert.equal(configureFormError({ logo: png(300, 300), fundo: null }, msg), null);
  assert.equal(configureFormError({ logo: png(200, 200), fundo: null }, msg), msg.androidLogoSize);
  assert.equal(configureFormError({ logo: null, fundo: png(640, 1136) }, msg), msg.androidBackgroundType);
});
