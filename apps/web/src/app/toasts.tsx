import { lazy, Suspense, useEffect, useSyncExternalStore, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import type { ToastContainerProps } from 'react-toastify';
import { TIMINGS } from '@painel/contract';
import { loadToastify, onToastsRequested, toastsRequested } from '@/lib/toast.ts';

// the library comes with the first toast (or the shell); without it (offline) there is nothing to show
const ToastContainer = lazy(async (): Promise<{ default: ComponentType<ToastContainerProps> }> => {
  try {
    return { default: (await loadToastify()).ToastContainer };
  } catch {
    return { default: () => null };
  }
});

/**
 * One container for the whole app, so a toast raised just before a navigation (logout)
 * is still visible on the next page. Toasts close after 3 s inside the shell, 5 s elsewhere.
 * It is mounted once the shell shows or a toast is asked for, and then stays.
 */
export function Toasts() {
  const { pathname } = useLocation();
  const inShell = pathname === '/dashboard' || pathname.startsWith('/dashboard/');
  const requested = useSyncExternalStore(onToastsRequested, toastsRequested);

  useEffect(() => {
    if (inShell) void loadToastify().catch(() => undefined);
  }, [inShell]);

  if (!requested && !inShell) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer
        position="top-right"
        theme="colored"
        autoClose={inShell ? TIMINGS.toastShellMs : TIMINGS.toastLoginMs}
        newestOnTop
      />
    </Suspense>
  );
}
