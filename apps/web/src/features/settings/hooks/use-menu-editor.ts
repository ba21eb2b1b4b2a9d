import { useCallback, useMemo, useState } from 'react';
import { arrayMove } from '@dnd-kit/sortable';
import type { MenuItem } from '@painel/contract';
import { defaultMenu } from '@/lib/user-settings.ts';

function renumber(items: MenuItem[]): MenuItem[] {
  return items.map((item, order) => (item.order === order ? item : { ...item, order }));
}

export interface MenuSummary {
  total: number;
  visible: number;
  hidden: number;
  categories: number;
}

/** The menu being edited on the settings page: order, visibility, restore; nothing saved until Save. */
export function useMenuEditor(initial: MenuItem[]) {
  const [items, setItems] = useState(() => renumber([...initial].sort((a, b) => a.order - b.order)));

  const move = useCallback((activeId: string, overId: string) => {
    setItems((prev) => {
      const from = prev.findIndex((i) => i.id === activeId);
      const to = prev.findIndex((i) => i.id === overId);
      return from < 0 || to < 0 || from === to ? prev : renumber(arrayMove(prev, from, to));
    });
  }, []);

  const toggle = useCallback((id: string) => {
    setItems((prev) => prev.map((i) => (i.id === id ? { ...i, visible: !i.visible } : i)));
  }, []);

  const restore = useCallback(() => setItems(defaultMenu()), []);

  const summary = useMemo<MenuSummary>(() => {
    const visible = items.filter((i) => i.visible).length;
    return {
      total: items.length,
      visible,
      hidden: items.length - visible,
      categories: new Set(items.map((i) => i.category)).size,
    };
  }, [items]);

  return { items, move, toggle, restore, summary };
}
