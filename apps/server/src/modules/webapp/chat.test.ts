import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { errorText } from '@painel/contract';
import { AppError } from '../../platform/errors.ts';
import { startHarness, type Harness } from '../../testing/harness.ts';
import { CHAT_LIMITS, chatInput, createChat, type Chat } from './chat.ts';

const refusal = (message: string, status = 400) => (e: unknown) => e instanceof AppError && e.status === status && e.message === message;

describe('the app chat', () => {
  let h: Harness;
  let chat: Chat;
  let clock = Date.parse('2025-03-01T12:00:00Z');
  let a: number;
  let b: number;
  const rows = (userId: number) => h.core.store.db.selectFrom('chat_messages').selectAll().where('user_id', '=', userId).orderBy('id').execute();

  before(async () => {
    h = await startHarness();
    chat = createChat({ db: h.core.store.db, ipSalt: randomBytes(32), now: () => clock });
    a = (await h.createAccount()).id;
    b = (await h.createAccount()).id;
  });
  after(async () => h?.close());

  test('names and messages: trimmed, within their limits, control characters out, line breaks kept', async () => {
    assert.deepEqual(chatInput({ nome: '  Ana  ', mensagem: ' oi\r\ntudo bem?\u0007 ' }), { nome: 'Ana', mensagem: 'oi\ntudo bem?' });
    assert.deepEqual(chatInput({ nome: 'Ana\nBia', mensagem: 'x' }).nome, 'Ana Bia');
    assert.equal(chatInput({ nome: 'é'.repeat(40), mensagem: '😀'.repeat(300) }).nome.length, 40);
    for (const [body, message] of [
      [{ nome: '', mensagem: 'oi' }, errorText('chat_name_invalid')],
      [{ nome: '   ', mensagem: 'oi' }, errorText('chat_name_invalid')],
      [{ nome: 'x'.repeat(41), mensagem: 'oi' }, errorText('chat_name_invalid')],
      [{ nome: 42, mensagem: 'oi' }, errorText('chat_name_invalid')],
      [{ nome: 'Ana', mensagem: '' }, errorText('chat_message_invalid')],
      [{ nome: 'Ana', mensagem: 'x'.repeat(301) }, errorText('chat_message_invalid')],
      [{ nome: 'Ana', mensagem: ['oi'] }, errorText('chat_message_invalid')],
      [null, errorText('chat_name_invalid')],
    ] as const) assert.throws(() => chatInput(body), refusal(message), JSON.stringify(body));
  });

  test('one post per address every 3 s, per channel; an IPv6 line counts as one address; the address is not stored', async () => {
    await chat.post(a, '198.51.100.7', { nome: 'Ana', mensagem: 'primeira' });
    clock += CHAT_LIMITS.gapMs - 1;
    await assert.rejects(chat.post(a, '198.51.100.7', { nome: 'Ana', mensagem: 'cedo demais' }), refusal(errorText('chat_too_fast'), 429));
    await chat.post(a, '198.51.100.8', { nome: 'Bia', mensagem: 'outro endereço' });
    await chat.post(b, '198.51.100.7', { nome: 'Ana', mensagem: 'outro canal' });
    clock += 1;
    await chat.post(a, '198.51.100.7', { nome: 'Ana', mensagem: 'depois de 3 s' });
    await chat.post(a, '2001:db8:1:2::10', { nome: 'Caio', mensagem: 'v6' });
    await assert.rejects(chat.post(a, '2001:db8:1:2::99', { nome: 'Caio', mensagem: 'mesma /64' }), refusal(errorText('chat_too_fast'), 429));
    const stored = await rows(a);
    assert.deepEqual(stored.map((r) => r.mensagem), ['primeira', 'outro endereço', 'depois de 3 s', 'v6']);
    assert.ok(stored.every((r) => !r.ip_hash.includes('198.51') && !r.ip_hash.includes('2001')));
    const [bRow] = await rows(b);
    assert.notEqual(bRow!.ip_hash, stored[0]!.ip_hash, 'hashes differ between channels');
  });

  test('the list: the latest 50, oldest first, then only what came after an id; at most 500 kept per channel', async () => {
    const start = (await rows(a)).length;
    for (let i = 0; i < CHAT_LIMITS.keep + 5 - start; i += 1) {
      clock += CHAT_LIMITS.gapMs;
      await chat.post(a, '203.0.113.5', { nome: 'Dani', mensagem: `n${i}` });
    }
    const kept = await rows(a);
    assert.equal(kept.length, CHAT_LIMITS.keep);
    assert.equal(kept.at(-1)!.mensagem, `n${CHAT_LIMITS.keep + 4 - start}`);
    assert.ok(!kept.some((r) => r.mensagem === 'primeira'), 'the oldest went');
    assert.equal((await rows(b)).length, 1, 'another channel keeps its own');

    const latest = await chat.list(a, 0);
    assert.equal(latest.length, CHAT_LIMITS.page);
    assert.deepEqual(latest.map((m) => m.id), kept.slice(-CHAT_LIMITS.page).map((r) => r.id));
    const newer = await chat.list(a, kept.at(-3)!.id);
    assert.deepEqual(newer.map((m) => m.mensagem), kept.slice(-2).map((r) => r.mensagem));
    assert.deepEqual(Object.keys(newer[0]!).sort(), ['data', 'id', 'mensagem', 'nome']);
    assert.deepEqual(await chat.list(b, 0).then((l) => l.map((m) => m.mensagem)), ['outro canal']);
  });
});
