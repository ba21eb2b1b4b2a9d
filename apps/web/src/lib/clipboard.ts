import { toast } from '@/lib/toast.ts';
import { messageCatalogue } from '../i18n/messages.ts';
import { textsNow } from '../i18n/store.ts';

/**
 * Copies text. navigator.clipboard exists only in secure contexts (https or localhost); a panel
 * reached over plain http on its IP gets the selection-based fallback.
 */
async function writeText(text: string): Promise<void> {
  if (window.isSecureContext && navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('copy refused');
  } finally {
    area.remove();
  }
}

/** Copies and says so: '{item} copiado para a área de transferência!'. */
export async function copyWithToast(text: string, item: string): Promise<boolean> {
  try {
    await writeText(text);
    toast.success(textsNow(messageCatalogue).copied(item));
    return true;
  } catch (error) {
    console.error(error);
    toast.error(textsNow(messageCatalogue).copyFailed);
    return false;
  }
}
