import Gauge from 'lucide-react/icons/gauge';
import Menu from 'lucide-react/icons/menu';
import PanelLeftClose from 'lucide-react/icons/panel-left-close';
import PanelLeftOpen from 'lucide-react/icons/panel-left-open';
import type { User } from '@painel/contract';
import { accountTypeLabel, isRevenda } from '@/lib/account.ts';
import { cn } from '@/lib/cn.ts';
import { formatBitrate } from '@/lib/format.ts';
import { SIDEBAR_ID } from './sidebar.tsx';
import { commonCatalogue } from '@/i18n/common.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { shellCatalogue } from '@/i18n/shell.ts';

export function Header({
  pageLabel, atRoot, user, menuOpen, onOpenMenu, collapsed, onToggleCollapsed,
}: {
  pageLabel: string | undefined;
  /** The page is the dashboard itself, the breadcrumb's root. */
  atRoot: boolean;
  user: User | null | undefined;
  menuOpen: boolean;
  onOpenMenu: () => void;
  collapsed: boolean;
  onToggleCollapsed: () => void;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const shellTexts = useTexts(shellCatalogue);
  const Fold = collapsed ? PanelLeftOpen : PanelLeftClose;
  const current = pageLabel ?? commonTexts.pageFallback;
  return (
    <header className="flex h-16 shrink-0 items-center justify-between gap-4 border-b border-gray-200 bg-white px-4 sm:px-6 lg:px-8">
      <div className="flex min-w-0 items-center gap-3">
        <button
          type="button"
          onClick={onOpenMenu}
          aria-label={shellTexts.openMenu}
          aria-expanded={menuOpen}
          aria-controls={SIDEBAR_ID}
          className="rounded-md p-2 text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-500 lg:hidden"
        >
          <Menu className="h-5 w-5" aria-hidden="true" />
        </button>
        <button
          type="button"
          onClick={onToggleCollapsed}
          aria-label={collapsed ? shellTexts.expandMenu : shellTexts.collapseMenu}
          aria-pressed={collapsed}
          aria-controls={SIDEBAR_ID}
          className="hidden rounded-md p-2 text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-500 lg:block"
        >
          <Fold className="h-5 w-5" aria-hidden="true" />
        </button>
        <nav aria-label={shellTexts.breadcrumb} className="min-w-0">
          <p className="truncate text-sm text-gray-500">
            {/* the dashboard is the root itself: 'Dashboard / Dashboard' would repeat it */}
            {!atRoot && (
              <>
                {shellTexts.breadcrumbRoot}
                <span aria-hidden="true" className="mx-1.5 text-gray-300"> / </span>
              </>
            )}
            <span aria-current="page" className="font-medium text-gray-900">
              {current}
            </span>
          </p>
        </nav>
      </div>

      <div className="flex shrink-0 items-center gap-2 sm:gap-4">
        <span className="flex items-center gap-2 rounded-full bg-green-50 px-3 py-1 text-xs font-medium text-green-700">
          <span className="relative flex h-2 w-2" aria-hidden="true">
            <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-green-400 opacity-75" />
            <span className="relative inline-flex h-2 w-2 rounded-full bg-green-500" />
          </span>
          {shellTexts.online}
        </span>
        {user?.bitrate ? (
          <span className="hidden items-center gap-1.5 text-sm text-gray-600 md:flex">
            <Gauge className="h-4 w-4 text-gray-400" aria-hidden="true" />
            {formatBitrate(user.bitrate)}
          </span>
        ) : null}
        <span
          className={cn(
            'hidden rounded-lg px-3 py-1.5 text-sm font-medium sm:inline-block',
            isRevenda(user) ? 'bg-blue-50 text-blue-700' : 'bg-green-50 text-green-700',
          )}
        >
          {accountTypeLabel(user)}
        </span>
      </div>
    </header>
  );
}
