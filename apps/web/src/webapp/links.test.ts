import assert from 'node:assert/strict';
import { test } from 'node:test';
import { contactsOf, firstSection, isHttp, keyBytes, sectionsOf } from './links.ts';

const empty = { email: '', whatsapp: '', url_site: '', url_facebook: '', url_instagram: '', url_twitter: '', url_youtube: '' };

test('contacts: only what was filled in and can be opened; owner links only when http(s)', () => {
  assert.deepEqual(contactsOf(empty), []);
  const c = contactsOf({
    ...empty, email: 'contato@tv.com.br', whatsapp: '+55 (11) 98888-7777', url_site: 'https://www.tv.com.br/', url_facebook: 'javascript:alert(1)',
    url_youtube: 'http://youtube.com/@tv',
  });
  assert.deepEqual(c.map((x) => [x.kind, x.href, x.shown]), [
    ['email', 'mailto:contato@tv.com.br', 'contato@tv.com.br'],
    ['whatsapp', 'https://wa.me/5511988887777', '+55 (11) 98888-7777'],
    ['site', 'https://www.tv.com.br/', 'tv.com.br'],
    ['youtube', 'http://youtube.com/@tv', 'youtube.com/@tv'],
  ]);
  // nothing that would add a second address or headers to the e-mail link; too few digits is no phone
  assert.deepEqual(contactsOf({ ...empty, email: 'a@b.com?bcc=c@d.com', whatsapp: '1234' }), []);
  assert.equal(isHttp('data:text/html,x'), false);
  assert.equal(isHttp('https://x.com'), true);
});

test('sections: texts that were written, the chat when on, contacts when any; a link may open one', () => {
  const d = { ...empty, text_prog: 'Jornal 7h', text_hist: '  ', chat: true };
  assert.deepEqual(sectionsOf(d), ['programacao', 'chat']);
  assert.deepEqual(sectionsOf({ ...d, chat: false, text_prog: '', email: 'a@b.co' }), ['contato']);
  assert.equal(firstSection(['programacao', 'chat'], '#chat'), 'chat');
  assert.equal(firstSection(['programacao', 'chat'], '#contato'), 'programacao');
  assert.equal(firstSection([], ''), undefined);
});

test('the push key becomes the bytes pushManager takes', () => {
  const raw = Uint8Array.from({ length: 65 }, (_, i) => (i * 37) % 256);
  assert.deepEqual(keyBytes(Buffer.from(raw).toString('base64url')), raw);
});
