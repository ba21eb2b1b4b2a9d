import { DEFAULT_BITRATE, DEFAULT_VIEWER_LIMIT, type User } from '@painel/contract';
import { shellTexts } from '../i18n/pt-BR/shell.ts';

export function isRevenda(u: Pick<User, 'tipo'> | null | undefined): boolean {
  return u?.tipo === 'revenda';
}

/** 'Revenda' / 'Streaming' */
export function accountBadgeLabel(u: Pick<User, 'tipo'> | null | undefined): string {
  return isRevenda(u) ? shellTexts.badgeRevenda : shellTexts.badgeStreaming;
}

/** 'Conta de Revenda' / 'Conta de Streaming' */
export function accountTypeLabel(u: Pick<User, 'tipo'> | null | undefined): string {
  return isRevenda(u) ? shellTexts.accountRevenda : shellTexts.accountStreaming;
}

export function displayName(u: Pick<User, 'nome'> | null | undefined): string {
  return u?.nome?.trim() || shellTexts.defaultUserName;
}

export function planBitrate(u: Pick<User, 'bitrate'> | null | undefined): number {
  return u?.bitrate && u.bitrate > 0 ? u.bitrate : DEFAULT_BITRATE;
}

export function viewerLimit(u: Pick<User, 'espectadores'> | null | undefined): number {
  return u?.espectadores && u.espectadores > 0 ? u.espectadores : DEFAULT_VIEWER_LIMIT;
}
