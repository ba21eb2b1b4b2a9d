import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { convertBody, customBitrateRange, suggestedQuality } from './conversion.ts';
import { msg } from './messages.ts';
import { errorText } from './errors.ts';

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

describe('the quality proposed when a video is offered only what does not make it bigger', () => {
  // as GET /api/conversion/videos offers them: a fixed quality above the video's own bitrate is not available
  const forVideo = (kbps: number, plan = 2500) => options(plan).map((o) => (o.quality === 'custom' ? o : { ...o, available: o.available && o.bitrate <= kbps }));

  test('the one at its bitrate, else a custom bitrate (started at its own)', () => {
    assert.equal(suggestedQuality(1500, forVideo(1500)), 'media');
    assert.equal(suggestedQuality(1000, forVideo(1000)), 'custom');
    assert.equal(suggestedQuality(600, forVideo(600)), 'custom');
  });
});

describe('the custom bitrates a video may take', () => {
  test('up to the plan and never above the video\'s own; 500 at least, or its own when lower', () => {
    assert.deepEqual(customBitrateRange(2500, 8000), { min: 500, max: 2500, bySource: false });
    assert.deepEqual(customBitrateRange(2500, 1200), { min: 500, max: 1200, bySource: true });
    assert.deepEqual(customBitrateRange(2500, 340), { min: 340, max: 340, bySource: true });
    assert.deepEqual(customBitrateRange(2500, 0), { min: 500, max: 2500, bySource: false }, 'unknown bitrate: the plan only');
    assert.deepEqual(customBitrateRange(400, 0), { min: 500, max: 400, bySource: false }, 'a plan below 500: none');
  });

  test('the body refuses a custom bitrate above the video\'s own with its own message', () => {
    const c = { video_id: 7, quality: 'custom', custom_resolution: '1280x720' };
    const first = (plan: number, source: number, kbps: unknown) => {
      const r = convertBody(plan, source).safeParse({ ...c, custom_bitrate: kbps });
      return r.success ? r.data.custom?.bitrate : r.error.issues[0]?.message;
    };
    assert.equal(first(2500, 1200, 1201), errorText('conversion_bitrate_above_source', { sourceKbps: 1200 }));
    assert.equal(first(2500, 1200, 3000), errorText('conversion_bitrate_above_source', { sourceKbps: 1200 }), 'above the plan too: the video is the lower limit');
    assert.equal(first(2500, 1200, 1200), 1200);
    assert.equal(first(2500, 1200, 499), errorText('conversion_bitrate_range', { max: 1200, min: 500 }));
    assert.equal(first(2500, 340, 500), errorText('conversion_bitrate_above_source', { sourceKbps: 340 }));
    assert.equal(first(2500, 340, 340), 340, 'an old file below 500 kbps converts at its own bitrate');
    assert.equal(first(2000, 8000, 2001), errorText('conversion_bitrate_range', { max: 2000 }), 'a heavy video: the plan is the limit, as before');
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
    for (const kbps of [499, 2001, 1200.5, '', null, 'mil']) assert.equal(first({ ...c, custom_bitrate: kbps }), errorText('conversion_bitrate_range', { max: 2000 }), String(kbps));
    assert.equal(typeof first({ ...c, custom_bitrate: 500 }), 'object', 'the minimum itself is accepted');
    assert.equal(first({ ...c, custom_bitrate: 2000, custom_resolution: '3840x2160' }), errorText('conversion_resolution_invalid'));
    assert.equal(first({ ...c, custom_bitrate: 2000, custom_resolution: null }), errorText('conversion_resolution_invalid'));
  });

  test('an unknown quality or no video is refused with its message', () => {
    assert.equal(first({ video_id: 7, quality: 'ultra' }), errorText('conversion_quality_invalid'));
    assert.equal(first({ video_id: 7 }), errorText('conversion_quality_invalid'));
    assert.equal(first({ quality: 'media' }), msg.invalidData);
    assert.equal(first({ video_id: 7, quality: 'media', manter_original: 'sim' }), msg.invalidData);
  });
});
