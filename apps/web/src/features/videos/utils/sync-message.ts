import type { SyncResult } from '@painel/contract';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow } from '@/i18n/runtime.ts';
import { serverText } from '@/lib/api-client.ts';

/**
 * The toast after a sync: the server's own text in pt-BR; in another language the same outcome
 * told from the answer's counts (or that the sync goes on in the background).
 */
export function syncMessage(r: SyncResult, allFolders = false): string {
  const msg = textsNow(messageCatalogue);
  const running = r.message === messageCatalogue.source.syncRunning;
  const own = running ? msg.syncRunning : (allFolders ? msg.syncAllDone : msg.syncDone)(r.videos_count, r.added, r.removed);
  return serverText(r.message, own);
}
