import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast.ts';
import ChevronUp from 'lucide-react/icons/chevron-up';
import LogOut from 'lucide-react/icons/log-out';
import type { User } from '@painel/contract';
import { textsNow, useLocale, useTexts } from '@/i18n/runtime.ts';
import { shellCatalogue } from '@/i18n/shell.ts';
import { startCatalogue } from '@/i18n/start.ts';
import { accountBadgeLabel, displayName, isRevenda } from '@/lib/account.ts';
import { cn } from '@/lib/cn.ts';
import { useLogout } from '@/features/auth/api/logout.ts';

/** Bottom of the side menu: who is signed in, the account type, and the 'Sair' action. */
export function UserMenu({ user, collapsed = false }: { user: User | null | undefined; collapsed?: boolean }) {
  const shellTexts = useTexts(shellCatalogue);
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const logout = useLogout({
    onLoggedOut: () => {
      navigate('/login', { replace: true });
      toast.dismiss();
      toast.success(textsNow(startCatalogue).logoutSuccess);
    },
  });

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const name = displayName(user);
  const revenda = isRevenda(user);

  return (
    <div ref={rootRef} className="relative border-t border-gray-800 p-3">
      {open && (
        <div id={panelId} className="absolute right-3 bottom-full left-3 mb-2 rounded-lg border border-gray-700 bg-gray-800 p-1 shadow-xl">
          <button
            type="button"
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
            className="flex w-full items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium text-red-300 hover:bg-gray-700 hover:text-red-200 focus-visible:outline-2 focus-visible:outline-red-400 disabled:opacity-60"
          >
            <LogOut className="h-4 w-4" aria-hidden="true" />
            {shellTexts.logout}
          </button>
        </div>
      )}
      {/* named by its visible text (name, e-mail, account type) followed by what it opens, so
          speech-input users can say what they see */}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((v) => !v)}
        className="flex w-full items-center gap-3 rounded-lg px-2 py-2 text-left hover:bg-gray-800 focus-visible:outline-2 focus-visible:outline-blue-400"
      >
        <span
          aria-hidden="true"
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-blue-500 to-violet-600 font-semibold text-white"
        >
          {name.charAt(0).toLocaleUpperCase(locale)}
        </span>
        <span className={cn('min-w-0 flex-1', collapsed && 'lg:sr-only')}>
          <span className="block truncate text-sm font-medium text-white">{name}</span>
          <span className="block truncate text-xs text-gray-400">{user?.email}</span>
          <span
            className={cn(
              'mt-1 inline-block rounded-full px-2 py-0.5 text-[11px] font-semibold',
              revenda ? 'bg-blue-500/20 text-blue-300' : 'bg-green-500/20 text-green-300',
            )}
          >
            {accountBadgeLabel(user)}
          </span>
        </span>
        <span className="sr-only">{shellTexts.userMenu}</span>
        <ChevronUp className={cn('h-4 w-4 shrink-0 text-gray-400 transition-transform', !open && 'rotate-180', collapsed && 'lg:hidden')} aria-hidden="true" />
      </button>
    </div>
  );
}
