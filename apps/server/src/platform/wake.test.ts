import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { signalWake, watchWake } from './wake.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-wake-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

test('the API\'s nudge reaches its node\'s worker at once, and only that node\'s', async () => {
  const woken: number[] = [];
  const stop1 = watchWake(dir, 1, () => woken.push(1));
  const stop2 = watchWake(dir, 2, () => woken.push(2));
  try {
    const first = new Promise<void>((resolve) => {
      const t = setInterval(() => {
        if (woken.includes(1)) {
          clearInterval(t);
          resolve();
        }
      }, 10);
    });
    signalWake(dir, 1);
    await first;
    assert.ok(!woken.includes(2), 'node 2 was not woken');
  } finally {
    stop1();
    stop2();
  }
  // after stop, a nudge wakes nobody (the watcher is closed)
  const before = woken.length;
  signalWake(dir, 1);
  await new Promise((r) => setTimeout(r, 200));
  assert.equal(woken.length, before);
});
