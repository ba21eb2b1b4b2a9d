import type { PublicWebApp } from '@painel/contract';
import type { webappCatalogue } from '../i18n/webapp.ts';

/** The sections an app shows, in menu order. */
export type SectionId = keyof (typeof webappCatalogue)['source']['sections'];

/** True for an http(s) address: the only kind of owner-typed link the app opens. */
export function isHttp(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

// nothing that would add headers or a second address to a mailto: link
const EMAIL = /^[^\s@<>"'?&#%]+@[^\s@<>"'?&#%]+\.[^\s@<>"'?&#%]+$/;

export interface Contact {
  kind: keyof (typeof webappCatalogue)['source']['contacts'];
  href: string;
  /** What the visitor reads. */
  shown: string;
}

type ContactFields = Pick<PublicWebApp, 'email' | 'whatsapp' | 'url_site' | 'url_facebook' | 'url_instagram' | 'url_twitter' | 'url_youtube'>;

/** The ways to reach the channel that the owner filled in and that can be opened. */
export function contactsOf(d: ContactFields): Contact[] {
  const out: Contact[] = [];
  const email = d.email.trim();
  if (EMAIL.test(email)) out.push({ kind: 'email', href: `mailto:${email}`, shown: email });
  const digits = d.whatsapp.replace(/\D/g, '');
  if (digits.length >= 8 && digits.length <= 15) out.push({ kind: 'whatsapp', href: `https://wa.me/${digits}`, shown: d.whatsapp.trim() });
  const web: [Contact['kind'], string][] = [
    ['site', d.url_site], ['facebook', d.url_facebook], ['instagram', d.url_instagram], ['twitter', d.url_twitter], ['youtube', d.url_youtube],
  ];
  for (const [kind, url] of web) if (isHttp(url)) out.push({ kind, href: url, shown: url.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, '') });
  return out;
}

/** The sections with something in them: texts the owner wrote, the chat when on, contacts when any. */
export function sectionsOf(d: ContactFields & Pick<PublicWebApp, 'text_prog' | 'text_hist' | 'chat'>): SectionId[] {
  const out: SectionId[] = [];
  if (d.text_prog.trim()) out.push('programacao');
  if (d.text_hist.trim()) out.push('historia');
  if (d.chat) out.push('chat');
  if (contactsOf(d).length) out.push('contato');
  return out;
}

/** The section a link asks for (…/#chat opens the chat), else the first one. */
export function firstSection(ids: readonly SectionId[], hash: string): SectionId | undefined {
  const asked = hash.replace(/^#/, '');
  return ids.find((id) => id === asked) ?? ids[0];
}

/** A base64url key (the app's push key) as the bytes the browser's pushManager takes. */
export function keyBytes(b64url: string): Uint8Array<ArrayBuffer> {
  const b64 = b64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(b64url.length / 4) * 4, '=');
  const raw = atob(b64);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i += 1) out[i] = raw.charCodeAt(i);
  return out;
}
