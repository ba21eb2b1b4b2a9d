import assert from 'node:assert/strict';
import { test } from 'node:test';
import { START, next, type Cursor, type PlanInputs } from './plan.ts';

const e = (id: number) => ({ videoId: id, nome: `v${id}` });
const src = (ids: number[]) => ({ entries: ids.map(e), commercials: null });

/** The names of the next n videos from c, and where it is after them. */
function run(inp: PlanInputs, n: number, c: Cursor = START): { names: string[]; cursor: Cursor; end?: string } {
  const names: string[] = [];
  let cur = c;
  for (let i = 0; i < n; i++) {
    const s = next(cur, inp);
    if ('end' in s) return { names, cursor: cur, end: s.end };
    names.push(s.item.commercial ? `ad${s.item.videoId}` : s.item.nome);
    cur = s.after;
  }
  return { names, cursor: cur };
}

test('a looping playlist plays in order, pass after pass', () => {
  assert.deepEqual(run({ main: src([1, 2, 3]), ending: null, loop: true, shuffleSeed: null }, 7).names, ['v1', 'v2', 'v3', 'v1', 'v2', 'v3', 'v1']);
});

test('without loop it ends after one pass; an empty playlist says so', () => {
  const r = run({ main: src([1, 2]), ending: null, loop: false, shuffleSeed: null }, 5);
  assert.deepEqual(r.names, ['v1', 'v2']);
  assert.equal(r.end, 'finished');
  assert.equal(run({ main: src([]), ending: null, loop: true, shuffleSeed: null }, 3).end, 'empty');
});

test('a break of `count` commercials follows every `every` videos, rotating through the folder', () => {
  const inp: PlanInputs = {
    main: { entries: [1, 2, 3].map(e), commercials: { every: 2, count: 1, videos: [e(91), e(92)] } },
    ending: null, loop: true, shuffleSeed: null,
  };
  assert.deepEqual(run(inp, 9).names, ['v1', 'v2', 'ad91', 'v3', 'v1', 'ad92', 'v2', 'v3', 'ad91']);
  const two = { ...inp, main: { ...inp.main, commercials: { every: 3, count: 2, videos: [e(91), e(92), e(93)] } } };
  assert.deepEqual(run(two, 10).names, ['v1', 'v2', 'v3', 'ad91', 'ad92', 'v1', 'v2', 'v3', 'ad93', 'ad91']);
});

test('an edited playlist continues after the video that played last, in the new order', () => {
  const before: PlanInputs = { main: src([1, 2, 3, 4]), ending: null, loop: true, shuffleSeed: null };
  const { cursor } = run(before, 2); // v1, v2 played
  const after: PlanInputs = { ...before, main: src([2, 4, 3, 1]) };
  assert.deepEqual(run(after, 4, cursor).names, ['v4', 'v3', 'v1', 'v2']);
  // the last video was removed: the position carries on
  const removed: PlanInputs = { ...before, main: src([1, 3, 4]) };
  assert.deepEqual(run(removed, 2, cursor).names, ['v4', 'v1']);
});

test('the ending playlist follows one pass of the booked one, then loops', () => {
  const inp: PlanInputs = { main: src([1, 2]), ending: src([7, 8]), loop: false, shuffleSeed: null };
  assert.deepEqual(run(inp, 7).names, ['v1', 'v2', 'v7', 'v8', 'v7', 'v8', 'v7']);
});

test('shuffle: every video once per pass, a reproducible order, a different one next pass', () => {
  const inp: PlanInputs = { main: src([1, 2, 3, 4, 5, 6, 7, 8]), ending: null, loop: true, shuffleSeed: 42 };
  const a = run(inp, 16).names;
  assert.deepEqual([...a.slice(0, 8)].sort(), ['v1', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7', 'v8']);
  assert.deepEqual(run(inp, 16).names, a);
  assert.notDeepEqual(a.slice(0, 8), a.slice(8));
});
