import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isFtpVideoName, type FtpEntry } from '@painel/contract';
import { scanTree } from './ftp-scan.ts';

const dir = (path: string, name: string): FtpEntry => ({ name, path, type: 'directory', isVideo: false, size: 0 });
const file = (path: string, name: string): FtpEntry => ({ name, path, type: 'file', isVideo: isFtpVideoName(name), size: 10 });

/** A server whose every directory holds a video and a link back into itself: a tree without end. */
const endless = async (d: string): Promise<FtpEntry[]> => [file(`${d}/v.mp4`, 'v.mp4'), dir(`${d}/loop`, 'loop'), dir(`${d}/mais`, 'mais')];

describe('scanning a remote tree is bounded', () => {
  test('a looping tree stops at the depth limit and says so', async () => {
    const r = await scanTree(endless, '/', { maxDepth: 2, maxDirectories: 1000, maxEntries: 100_000, timeMs: 60_000 });
    // levels 0, 1 and 2: 1 + 2 + 4 directories
    assert.equal(r.scanned_directories, 7);
    assert.equal(r.videos.length, 7);
    assert.equal(r.truncated, true);
  });

  test('directories, entries and time each end a scan', async () => {
    const big = { maxDepth: 100, maxDirectories: 1000, maxEntries: 100_000, timeMs: 60_000 };
    assert.equal((await scanTree(endless, '/', { ...big, maxDirectories: 5 })).scanned_directories, 5);
    assert.equal((await scanTree(endless, '/', { ...big, maxEntries: 9 })).scanned_directories, 3);
    let clock = 0;
    const slow = async (d: string) => {
      clock += 1000; // each listing takes a second of the (fake) clock
      return endless(d);
    };
    const timed = await scanTree(slow, '/', { ...big, timeMs: 4500 }, () => clock);
    assert.deepEqual([timed.scanned_directories, timed.truncated], [5, true]);
  });

  test('only videos are collected, with their directory; an unreadable subdirectory is passed over, an unreadable root is an error', async () => {
    const tree: Record<string, FtpEntry[]> = {
      '/': [file('/a.mp4', 'a.mp4'), file('/b.txt', 'b.txt'), dir('/fechada', 'fechada'), dir('/x', 'x'), dir('/../fora', '../fora')],
      '/x': [file('/x/c.MKV', 'c.MKV')],
    };
    const list = async (d: string) => {
      const entries = tree[d];
      if (!entries) throw new Error('550');
      return entries;
    };
    const r = await scanTree(list, '/');
    assert.deepEqual(r.videos.map((v) => [v.path, v.directory]), [['/a.mp4', '/'], ['/x/c.MKV', '/x']]);
    assert.deepEqual([r.scanned_directories, r.truncated], [2, false]);
    await assert.rejects(scanTree(list, '/nada'));
  });
});
