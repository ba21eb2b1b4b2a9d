import { DEFAULT_BITRATE, DEFAULT_VIEWER_LIMIT, type User, ui } from '@painel/contract';

export function isRevenda(u: Pick<User, 'tipo'> | null | undefined): boolean {
  return u?.tipo === 'revenda';
}

/** 'Revenda' / 'Streaming' */
export function accountBadgeLabel(u: Pick<User, 'tipo'> | null | undefined): string {
  return isRevenda(u) ? ui.badgeRevenda : ui.badgeStreaming;
}

/** 'Conta de Revenda' / 'Conta de Streaming' */
export function accountTypeLabel(u: Pick<User, 'tipo'> | null | undefined): string {
  return isRevenda(u) ? ui.accountRevenda : ui.accountStreaming;
}

export function displayName(u: Pick<User, 'nome'> | null | undefined): string {
  return u?.nome?.trim() || ui.defaultUserName;
}

export function planBitrate(u: Pick<User, 'bitrate'> | null | undefined): number {
  return u?.bitrate && u.bitrate > 0 ? u.bitrate : DEFAULT_BITRATE;
}

export function viewerLimit(u: Pick<User, 'espectadores'> | null | undefined): number {
  return u?.espectadores && u.espectadores > 0 ? u.espectadores : DEFAULT_VIEWER_LIMIT;
}
