import { MENU_CATEGORIES, type MenuItem } from '@painel/contract';

/**
 * What a label or a query is compared by: lower case, without accents, so 'video' finds
 * 'Vídeos' and 'CONVERSAO' finds 'Conversão de Vídeos' — people often type without accents.
 */
export function searchKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/**
 * Visible entries whose label (`labelOf`: the label in the panel's language) matches the search,
 * ignoring case and accents, by category, in menu order.
 */
export function groupMenu(menu: readonly MenuItem[], search: string, labelOf: (item: MenuItem) => string = (m) => m.label) {
  const q = searchKey(search);
  const items = menu
    .filter((m) => m.visible && (!q || searchKey(labelOf(m)).includes(q)))
    .sort((a, b) => a.order - b.order);
  return MENU_CATEGORIES.map((category) => ({ category, items: items.filter((m) => m.category === category) })).filter(
    (group) => group.items.length > 0,
  );
}
