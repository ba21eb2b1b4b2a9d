import type { ManagedAccount } from '@painel/contract';

/*
 * What the Streamings page derives from the list: pure, so the search and the order a person
 * sees are tested without a browser.
 */

/** The table's sortable columns. */
export const SORT_KEYS = ['usuario', 'nome', 'email', 'plano', 'uso', 'aoVivo', 'estado', 'criada'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export interface Sort {
  key: SortKey;
  dir: 'asc' | 'desc';
}

// 'joao' finds 'João': names are typed without accents as often as with
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The accounts whose login, name or e-mail contain every word typed (accents and case aside). */
export function searchAccounts(accounts: readonly ManagedAccount[], text: string): ManagedAccount[] {
  const words = fold(text).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...accounts];
  return accounts.filter((a) => {
    const hay = fold([a.usuario, a.nome, a.email].join(' '));
    return words.every((w) => hay.includes(w));
  });
}

/** 0 active, 1 suspended with its reseller, 2 suspended by its reseller, 3 by the operator. */
const stateRank = (a: ManagedAccount): number => (!a.suspensa ? 0 : a.suspensa_pela_revenda ? 1 : a.suspensao === 'suspended_by_operator' ? 3 : 2);

const compareText = (x: string, y: string) => fold(x).localeCompare(fold(y));

function compare(a: ManagedAccount, b: ManagedAccount, key: SortKey): number {
  switch (key) {
    case 'usuario': return compareText(a.usuario, b.usuario);
    case 'nome': return compareText(a.nome, b.nome);
    case 'email': return compareText(a.email, b.email);
    // the plan by its viewers, then its storage, then its bitrate
    case 'plano': return a.espectadores - b.espectadores || a.espaco - b.espaco || a.bitrate - b.bitrate;
    case 'uso': return a.espaco_usado - b.espaco_usado;
    case 'aoVivo': return Number(a.ao_vivo) - Number(b.ao_vivo) || a.espectadores_agora - b.espectadores_agora;
    case 'estado': return stateRank(a) - stateRank(b);
    case 'criada': return a.created_at.localeCompare(b.created_at) || a.id - b.id;
  }
}

/** A copy in the chosen order; ties keep the login's alphabetical order, so the list does not jump between reloads. */
export function sortAccounts(accounts: readonly ManagedAccount[], sort: Sort): ManagedAccount[] {
  const sign = sort.dir === 'asc' ? 1 : -1;
  return [...accounts].sort((a, b) => sign * compare(a, b, sort.key) || compareText(a.usuario, b.usuario));
}

/** Clicking a column: the same column flips its direction; another starts ascending (dates and figures: newest/largest first). */
export function nextSort(current: Sort, key: SortKey): Sort {
  if (current.key === key) return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  const descFirst = key === 'criada' || key === 'uso' || key === 'plano' || key === 'aoVivo';
  return { key, dir: descFirst ? 'desc' : 'asc' };
}

/** What a reseller still has to hand out to one streaming, the streaming's own plan counted back in when editing it. */
export function remaining(pool: { espectadores: number; espectadores_usados: number; espaco: number; espaco_usado: number }, own?: Pick<ManagedAccount, 'espectadores' | 'espaco'>) {
  return {
    espectadores: Math.max(0, pool.espectadores - pool.espectadores_usados + (own?.espectadores ?? 0)),
    espaco: Math.max(0, pool.espaco - pool.espaco_usado + (own?.espaco ?? 0)),
  };
}
