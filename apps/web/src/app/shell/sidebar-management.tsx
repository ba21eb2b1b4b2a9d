import { useId } from 'react';
import { NavLink } from 'react-router';
import type { LucideIcon } from 'lucide-react';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Users from 'lucide-react/icons/users';
import type { User } from '@painel/contract';
import { useTexts } from '@/i18n/runtime.ts';
import { shellCatalogue } from '@/i18n/shell.ts';
import { cn } from '@/lib/cn.ts';

// 'gestao' finds 'Gestão', as the menu search does
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/** Whether the account manages other accounts: a reseller its streamings, the operator every account. */
export const managesAccounts = (u: Pick<User, 'tipo'> | null | undefined): boolean => u?.tipo === 'revenda' || u?.tipo === 'admin';

function ManagementLink({ to, label, icon: Icon, collapsed, onNavigate }: { to: string; label: string; icon: LucideIcon; collapsed: boolean; onNavigate: () => void }) {
  return (
    <NavLink
      to={to}
      onClick={onNavigate}
      title={collapsed ? label : undefined}
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
          <Icon className={cn('h-5 w-5 shrink-0', isActive ? 'text-white' : 'text-gray-400 group-hover:text-white')} aria-hidden="true" />
          <span className={cn('truncate', collapsed && 'lg:sr-only')}>{label}</span>
        </>
      )}
    </NavLink>
  );
}

/**
 * The side menu's section for resellers and the operator: the Streamings page, and for the
 * operator the 'Administração' page. It is not an entry of the customizable menu (DEFAULT_MENU),
 * so a streaming account never sees it and the menu settings do not list it.
 */
export function SidebarManagement({ user, search, onNavigate, collapsed }: {
  user: User | null | undefined;
  search: string;
  onNavigate: () => void;
  collapsed: boolean;
}) {
  const shellTexts = useTexts(shellCatalogue);
  const id = useId();
  if (!managesAccounts(user)) return null;
  const links = [
    { to: '/dashboard/streamings', label: shellTexts.streamingsLink, icon: Users },
    ...(user?.tipo === 'admin' ? [{ to: '/dashboard/administracao', label: shellTexts.adminLink, icon: ShieldCheck }] : []),
  ];
  const wanted = fold(search);
  const shown = wanted ? links.filter((l) => fold(`${shellTexts.managementSection} ${l.label}`).includes(wanted)) : links;
  if (shown.length === 0) return null;
  return (
    <nav aria-labelledby={id} className="shrink-0 space-y-1 border-t border-gray-800 px-3 py-3" data-testid="sidebar-management">
      <h2 id={id} className={cn('mb-2 px-3 text-xs font-semibold tracking-wider text-gray-400 uppercase', collapsed && 'lg:sr-only')}>
        {shellTexts.managementSection}
      </h2>
      {shown.map((l) => <ManagementLink key={l.to} {...l} collapsed={collapsed} onNavigate={onNavigate} />)}
    </nav>
  );
}
