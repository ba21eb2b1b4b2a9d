import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { convertBody, suggestedQuality } from './conversion.ts';
import { msg } from './messages.ts';

const options = (plan: number) => [
  { quality: 'baixa' as const, bitrate: 800, available: 800 <= plan },
  { quality: 'media' as const, bitrate: 1500, available: 1500 <= plan },
  { quality: 'alta' as const, bitrate: 2500, available: 2500 <= plan },
  { quality: 'custom' as const, bitrate: plan, available: true },
];

describe('the quality the dialog proposes', () => {
  test('by the current bitrate: up to 800 baixa, up to 1500 media, up to 2500 alta, above that custom', () => {
    assert.equal(suggestedQuality(600, options(2500)), 'baixa');
    assert.equal(suggestedQuality(800, options(2500)), 'baixa');
    assert.equal(suggestedQuality(801, options(2500)), 'media');
    assert.equal(suggestedQuality(1500, options(2500)), 'media');
    assert.equal(suggestedQuality(2400, options(2500)), 'alta');
    assert.equal(suggestedQuality(8000, options(2500)), 'custom');
  });

  test('never a quality above the plan; an unknown bitrate gets the best the plan allows', () => {
    assert.equal(suggestedQuality(2000, options(2000)), 'custom');
    assert.equal(suggestedQuality(0, options(2500)), 'alta');
    assert.equal(suggestedQuality(0, options(1000)), 'baixa');
    assert.equal(suggestedQuality(0, options(600)), 'custom');
  });
});

describe('POST /api/conversion/convert body', () => {
  const body = convertBody(2000);
  const first = (x: unknown) => {
    const r = body.safeParse(x);
    return r.success ? r.data : r.error.issues[0]?.message;
  };

  test('a fixed quality ignores the custom fields; keeping the original defaults to no', () => {
    assert.deepEqual(first({ video_id: '7', quality: 'media', custom_bitrate: 'x', custom_resolution: 'y' }), {
      video_id: 7, manter_original: false, quality: 'media', custom: null,
    });
  });

  test('custom: bitrate 500 up to the plan, one of the three frames', () => {
    const c = { video_id: 7, quality: 'baixa', use_custom: true, custom_resolution: '1280x720' };
    assert.deepEqual(first({ ...c, custom_bitrate: '1200', manter_original: true }), {
      video_id: 7, manter_original: true, quality: 'custom', custom: { bitrate: 1200, resolution: '1280x720' },
    });
    for (const kbps of [499, 2001, 1200.5, '', null, 'mil']) assert.equal(first({ ...c, custom_bitrate: kbps }), msg.conversionBitrateRange(2000), String(kbps));
    assert.equal(typeof first({ ...c, custom_bitrate: 500 }), 'object', 'the minimum itself is accepted');
    assert.equal(first({ ...c, custom_bitrate: 2000, custom_resolution: '3840x2160' }), msg.conversionResolutionInvalid);
    assert.equal(first({ ...c, custom_bitrate: 2000, custom_resolution: null }), msg.conversionResolutionInvalid);
  });

  test('an unknown quality or no video is refused with its message', () => {
    assert.equal(first({ video_id: 7, quality: 'ultra' }), msg.conversionQualityInvalid);
    assert.equal(first({ video_id: 7 }), msg.conversionQualityInvalid);
    assert.equal(first({ quality: 'media' }), msg.invalidData);
    assert.equal(first({ video_id: 7, quality: 'media', manter_original: 'sim' }), msg.invalidData);
  });
});
