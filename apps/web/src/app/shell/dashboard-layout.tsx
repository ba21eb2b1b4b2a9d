import { Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { TIMINGS } from '@painel/contract';
import { useUser } from '@/lib/auth.ts';
import { getToken } from '@/lib/token.ts';
import { saveUserSettings, userSettingsQueryKey, useUserSettings } from '@/lib/user-settings.ts';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { activeLocale } from '@/i18n/locale-store.ts';
import { rememberLocale, setLocale, useTexts } from '@/i18n/runtime.ts';
import { loadServerErrors } from '@/i18n/server-errors.ts';
import { whenPageShown } from '@/lib/page-loads.ts';
import { shellCatalogue } from '@/i18n/shell.ts';
import { useMenuLabel } from '@/lib/menu-label.ts';
import { Header } from './header.tsx';
import { Sidebar } from './sidebar.tsx';
import { PanelAccessBar } from './panel-access-bar.tsx';
import { pageItem, useShellMenu } from './use-shell-menu.ts';

// a signed-in page may show the server's messages (a form's refusal, a recording's warning): their
// translation comes once the first page has shown (who shows one as it draws: useServerErrors)
whenPageShown(() => void loadServerErrors().catch(() => undefined));

/** The shell of every /dashboard page: side menu, header, and the page fading in. */
export function DashboardLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const { data: user } = useUser();
  const menu = useShellMenu();
  const labelOf = useMenuLabel();
  const page = pageItem(menu, pathname);
  const shellTexts = useTexts(shellCatalogue);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  // starts as the account's setting says; the header button folds it for this visit
  const settings = useUserSettings({ enabled: getToken() !== null });
  const [folded, setFolded] = useState<boolean | null>(null);
  const collapsed = folded ?? settings.data?.sidebar_collapsed ?? false;
  // the whole panel speaks the account's language, and the login page of this browser next time
  const loaded = settings.data;
  const queryClient = useQueryClient();
  const entered = !!user?.acessado_por;
  useEffect(() => {
    if (!loaded) return;
    const shown = activeLocale();
    // a reseller in a streaming's panel sees it in the streaming's language, and saves nothing of its own
    if (entered) {
      void setLocale(loaded.language);
      return;
    }
    if (!loaded.salvas && loaded.language !== shown) {
      // an account that never saved its settings keeps the language its owner signed in with
      void saveUserSettings({ ...loaded, language: shown })
        .then((saved) => queryClient.setQueryData(userSettingsQueryKey, saved))
        .catch((error: unknown) => console.error('Could not keep the sign-in language:', error));
      return;
    }
    rememberLocale(loaded.language);
    void setLocale(loaded.language);
  }, [loaded, queryClient, entered]);

  return (
    <div className="flex h-screen overflow-hidden bg-gray-50">
      {menuOpen && (
        <div aria-hidden="true" onClick={closeMenu} className="fixed inset-0 z-30 bg-gray-950/60 backdrop-blur-sm lg:hidden" />
      )}
      <Sidebar menu={menu} user={user} open={menuOpen} onClose={closeMenu} collapsed={collapsed} />

      <div className="flex min-w-0 flex-1 flex-col">
        <PanelAccessBar user={user} />
        <Header
          pageLabel={page ? labelOf(page) : pathname === '/dashboard/streamings' ? shellTexts.streamingsLink : undefined}
          atRoot={page?.id === 'dashboard'}
          user={user}
          menuOpen={menuOpen}
          onOpenMenu={() => setMenuOpen(true)}
          collapsed={collapsed}
          onToggleCollapsed={() => setFolded(!collapsed)}
        />
        <main className="flex-1 overflow-y-auto">
          {/* a new element per page, so each page fades and slides in (see .page-enter in index.css) */}
          <div key={pathname} className="page-enter p-4 sm:p-6 lg:p-8" style={{ animationDuration: `${TIMINGS.pageTransitionS}s` }}>
            <Suspense fallback={<LoadingState />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
    </div>
  );
}
