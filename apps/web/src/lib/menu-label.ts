import { useCallback } from 'react';
import type { MenuItem } from '@painel/contract';
import { shellCatalogue } from '../i18n/shell.ts';
import { useTexts, type Texts } from '../i18n/runtime.ts';

type MenuLabels = Texts<(typeof shellCatalogue)['source']['menuLabels']>;

/**
 * A menu entry's label in the panel's language, by its id. The stored menu and DEFAULT_MENU carry
 * the Portuguese label; an id the catalogue does not know (a newer server) keeps that label.
 */
export function menuLabel(labels: MenuLabels, item: Pick<MenuItem, 'id' | 'label'>): string {
  return Object.hasOwn(labels, item.id) ? labels[item.id as keyof MenuLabels] : item.label;
}

/** `menuLabel` bound to the shell's texts in the panel's language (re-renders when it changes). */
export function useMenuLabel(): (item: Pick<MenuItem, 'id' | 'label'>) => string {
  const { menuLabels } = useTexts(shellCatalogue);
  return useCallback((item) => menuLabel(menuLabels, item), [menuLabels]);
}
