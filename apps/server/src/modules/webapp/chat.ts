import { createHmac } from 'node:crypto';
import type { ChatMessage } from '@painel/contract';
import type { Db, Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { ipKey } from '../../platform/ip-key.ts';
import { createChatRepo } from './webapp.repo.ts';

/**
 * The chat of a channel's app (the web app and the Android app's page share it). Visitors post
 * under a name they choose; one address may post once every CHAT_LIMITS.gapMs, the address
 * itself never stored (a keyed hash of it, per channel, so two channels' hashes do not match).
 * Only the latest CHAT_LIMITS.keep messages of a channel are kept.
 */
export const CHAT_LIMITS = { nameMax: 40, messageMax: 300, gapMs: 3000, page: 50, keep: 500 } as const;

const chatRepo = createChatRepo();

// control characters (a name on one line; a message keeps its line breaks) never reach other visitors
const oneLine = (s: string) => s.replace(/\p{Cc}/gu, ' ').trim();
const lines = (s: string) => s.replace(/\r\n?/g, '\n').replace(/[^\P{Cc}\n]/gu, ' ').trim();
const length = (s: string) => [...s].length;

/** The name and message of a post, checked; a 400 with the Portuguese reason otherwise. */
export function chatInput(body: unknown): { nome: string; mensagem: string } {
  const b = (body && typeof body === 'object' ? body : {}) as { nome?: unknown; mensagem?: unknown };
  const nome = typeof b.nome === 'string' ? oneLine(b.nome) : '';
  if (!nome || length(nome) > CHAT_LIMITS.nameMax) throw new AppError('chat_name_invalid');
  const mensagem = typeof b.mensagem === 'string' ? lines(b.mensagem) : '';
  if (!mensagem || length(mensagem) > CHAT_LIMITS.messageMax) throw new AppError('chat_message_invalid');
  return { nome, mensagem };
}

export function createChat(deps: { db: Db; ipSalt: Buffer; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const hashOf = (userId: number, ip: string) => createHmac('sha256', deps.ipSalt).update(`${userId}\n${ipKey(ip)}`).digest('hex').slice(0, 32);
  const view = (r: { id: number; nome: string; mensagem: string; created_at: string }): ChatMessage =>
    ({ id: r.id, nome: r.nome, mensagem: r.mensagem, data: r.created_at });

  return {
    /** The latest messages after `after` (an id; 0 for the latest ones), oldest first. */
    async list(userId: number, after: number): Promise<ChatMessage[]> {
      const rows = await chatRepo.latest(db, userId, after, CHAT_LIMITS.page);
      return rows.reverse().map(view);
    },

    async post(userId: number, ip: string, body: unknown): Promise<ChatMessage> {
      const input = chatInput(body);
      const ipHash = hashOf(userId, ip);
      return db.transaction().execute(async (tx) => {
        const last = await chatRepo.lastOfAddress(tx, userId, ipHash);
        const at = now();
        if (last && at - Date.parse(last.created_at) < CHAT_LIMITS.gapMs) throw new AppError('chat_too_fast');
        const created_at = new Date(at).toISOString();
        const { id } = await chatRepo.insert(tx, { user_id: userId, ...input, ip_hash: ipHash, created_at });
        await chatRepo.prune(tx, userId, CHAT_LIMITS.keep);
        return view({ id, ...input, created_at });
      });
    },
  };
}
export type Chat = ReturnType<typeof createChat>;
