import { useEffect, useRef, useState } from 'react';
import Search from 'lucide-react/icons/search';
import X from 'lucide-react/icons/x';
import type { MenuItem, User } from '@painel/contract';
import { cn } from '@/lib/cn.ts';
import { Logo } from '@/components/ui/logo.tsx';
import { SidebarManagement } from './sidebar-management.tsx';
import { SidebarNav } from './sidebar-nav.tsx';
import { UserMenu } from './user-menu.tsx';
import { commonCatalogue } from '@/i18n/common.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { shellCatalogue } from '@/i18n/shell.ts';

export const SIDEBAR_ID = 'menu-lateral';

/**
 * The side menu, 72 units wide. From the lg breakpoint it is always shown; below it slides
 * in when `open` and is otherwise hidden (and out of the tab order). `collapsed` (the
 * account's "Menu lateral recolhido") narrows it to its icons on large screens.
 */
export function Sidebar({
  menu, user, open, onClose, collapsed,
}: {
  menu: readonly MenuItem[];
  user: User | null | undefined;
  open: boolean;
  onClose: () => void;
  collapsed: boolean;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const shellTexts = useTexts(shellCatalogue);
  const [search, setSearch] = useState('');
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  return (
    <aside
      id={SIDEBAR_ID}
      className={cn(
        'fixed inset-y-0 left-0 z-40 flex w-72 flex-col bg-gray-900 text-gray-300 shadow-2xl transition-[translate,visibility] duration-300',
        'lg:static lg:visible lg:translate-x-0 lg:shadow-none',
        open ? 'visible translate-x-0' : 'invisible -translate-x-full',
        collapsed && 'lg:w-20',
      )}
    >
      <div className="flex h-16 shrink-0 items-center gap-3 border-b border-gray-800 px-5">
        <Logo className="h-9 w-9" />
        <span className={cn('flex-1 truncate text-base font-semibold text-white', collapsed && 'lg:hidden')}>{commonTexts.appName}</span>
        <button
          ref={closeRef}
          type="button"
          onClick={onClose}
          aria-label={shellTexts.closeMenu}
          className="rounded-md p-1.5 text-gray-400 hover:bg-gray-800 hover:text-white focus-visible:outline-2 focus-visible:outline-blue-400 lg:hidden"
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </button>
      </div>

      <div className={cn('px-3 pt-4', collapsed && 'lg:hidden')}>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-500" aria-hidden="true" />
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={shellTexts.menuSearchPlaceholder}
            aria-label={shellTexts.menuSearchLabel}
            className="w-full rounded-lg border border-gray-700 bg-gray-800 py-2 pr-3 pl-9 text-sm text-white placeholder:text-gray-500 focus:border-blue-500 focus:ring-1 focus:ring-blue-500 focus:outline-none"
          />
        </div>
      </div>

      <SidebarNav menu={menu} search={search} onNavigate={onClose} collapsed={collapsed} />
      <SidebarManagement user={user} search={search} onNavigate={onClose} collapsed={collapsed} />
      <UserMenu user={user} collapsed={collapsed} />
    </aside>
  );
}
