import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { inlineScriptHashes } from './security-headers.ts';

test('inline script hashes: only scripts without src, with content', () => {
  assert.deepEqual(inlineScriptHashes('<script src="/a.js"></script><script type="module">a()</script><script></script>'),
    [`'sha256-${createHash('sha256').update('a()').digest('base64')}'`]);
});
