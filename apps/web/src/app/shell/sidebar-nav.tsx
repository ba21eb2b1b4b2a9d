import { useId, useMemo } from 'react';
import { NavLink } from 'react-router';
import type { MenuItem } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { shellCatalogue } from '@/i18n/shell.ts';
import { cn } from '@/lib/cn.ts';
import { useMenuLabel } from '@/lib/menu-label.ts';
import { MenuIcon } from '@/components/ui/menu-icon.tsx';
import { groupMenu } from './menu-search.ts';

export function SidebarNav({ menu, search, onNavigate, collapsed = false }: {
  menu: readonly MenuItem[];
  search: string;
  onNavigate: () => void;
  collapsed?: boolean;
}) {
  const id = useId();
  const commonTexts = useTexts(commonCatalogue);
  const shellTexts = useTexts(shellCatalogue);
  const labelOf = useMenuLabel();
  // searched by the labels as shown, in the panel's language
  const groups = useMemo(() => groupMenu(menu, search, labelOf), [menu, search, labelOf]);

  return (
    <nav aria-label={shellTexts.mainNavigation} className="flex-1 space-y-6 overflow-y-auto px-3 py-4">
      {groups.length === 0 && <p className="px-3 text-sm text-gray-400">{shellTexts.menuNoResults}</p>}
      {groups.map(({ category, items }) => (
        <div key={category}>
          <h2 id={`${id}-${category}`} className={cn('mb-2 px-3 text-xs font-semibold tracking-wider text-gray-400 uppercase', collapsed && 'lg:sr-only')}>
            {commonTexts.menuCategories[category]}
          </h2>
          <ul aria-labelledby={`${id}-${category}`} className="space-y-1">
            {items.map((item) => (
              <li key={item.id}>
                <NavLink
                  to={item.path}
                  end={item.path === '/dashboard'}
                  onClick={onNavigate}
                  title={collapsed ? labelOf(item) : undefined}
                  className={({ isActive }) =>
                    cn(
                      'group flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors',
                      'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-400',
                      collapsed && 'lg:justify-center lg:px-0',
                      isActive
                        ? 'bg-gradient-to-r from-blue-600 to-violet-600 text-white shadow-md shadow-blue-900/30'
                        : 'text-gray-300 hover:bg-gray-800 hover:text-white',
                    )
                  }
                >
                  {({ isActive }) => (
                    <>
                      <MenuIcon
                        name={item.icon}
                        className={cn('h-5 w-5 shrink-0', isActive ? 'text-white' : 'text-gray-400 group-hover:text-white')}
                      />
                      <span className={cn('truncate', collapsed && 'lg:sr-only')}>{labelOf(item)}</span>
                    </>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
