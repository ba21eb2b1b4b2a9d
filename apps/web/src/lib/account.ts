import { DEFAULT_BITRATE, DEFAULT_VIEWER_LIMIT, type User } from '@painel/contract';
import { shellCatalogue } from '../i18n/shell.ts';
import { textsNow } from '../i18n/store.ts';

// the labels are read when asked for, in the panel's language then (the components showing them
// read the shell's texts too, so they render again when it changes)

export function isRevenda(u: Pick<User, 'tipo'> | null | undefined): boolean {
  return u?.tipo === 'revenda';
}

/** 'Revenda' / 'Streaming' */
export function accountBadgeLabel(u: Pick<User, 'tipo'> | null | undefined): string {
  const shellTexts = textsNow(shellCatalogue);
  return isRevenda(u) ? shellTexts.badgeRevenda : shellTexts.badgeStreaming;
}

/** 'Conta de Revenda' / 'Conta de Streaming' */
export function accountTypeLabel(u: Pick<User, 'tipo'> | null | undefined): string {
  const shellTexts = textsNow(shellCatalogue);
  return isRevenda(u) ? shellTexts.accountRevenda : shellTexts.accountStreaming;
}

export function displayName(u: Pick<User, 'nome'> | null | undefined): string {
  return u?.nome?.trim() || textsNow(shellCatalogue).defaultUserName;
}

export function planBitrate(u: Pick<User, 'bitrate'> | null | undefined): number {
  return u?.bitrate && u.bitrate > 0 ? u.bitrate : DEFAULT_BITRATE;
}

export function viewerLimit(u: Pick<User, 'espectadores'> | null | undefined): number {
  return u?.espectadores && u.espectadores > 0 ? u.espectadores : DEFAULT_VIEWER_LIMIT;
}
