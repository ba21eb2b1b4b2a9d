import { lazy, Suspense, useEffect, useSyncExternalStore, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import type { CloseButtonProps, ToastContainerProps } from 'react-toastify';
import { TIMINGS } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { whenPageShown } from '@/lib/page-loads.ts';
import { loadToastify, onToastsRequested, toastsRequested } from '@/lib/toast.ts';

type ContainerProps = ToastContainerProps & { closeLabel: string };

/** The library's own close button (same markup and styles), named in the panel's language. */
function closeButton(label: string) {
  return ({ closeToast, theme }: CloseButtonProps) => (
    <button
      type="button"
      aria-label={label}
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      onClick={(e) => {
        e.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path fillRule="evenodd" d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z" />
      </svg>
    </button>
  );
}

// the library comes with the first toast (or the shell); without it (offline) there is nothing to show
const ToastContainer = lazy(async (): Promise<{ default: ComponentType<ContainerProps> }> => {
  try {
    const { ToastContainer: Container } = await loadToastify();
    return {
      default: ({ closeLabel, ...props }: ContainerProps) => <Container {...props} closeButton={closeButton(closeLabel)} />,
    };
  } catch {
    return { default: () => null };
  }
});

/**
 * One container for the whole app, so a toast raised just before a navigation (logout)
 * is still visible on the next page. Toasts close after 3 s inside the shell, 5 s elsewhere.
 * It is mounted with the library: as the first toast is asked for (every page raises its toasts
 * through lib/toast.ts, which loads it), or in the shell once its first page has shown. A toast
 * asked for before the container is on the page waits for it in the library and shows as it mounts.
 */
export function Toasts() {
  const { pathname } = useLocation();
  const inShell = pathname === '/dashboard' || pathname.startsWith('/dashboard/');
  const requested = useSyncExternalStore(onToastsRequested, toastsRequested);

  useEffect(() => {
    // in the shell, after its page has shown: the page's own scripts come first
    if (inShell) whenPageShown(() => void loadToastify().catch(() => undefined));
  }, [inShell]);

  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <LocalizedToasts inShell={inShell} />
    </Suspense>
  );
}

function LocalizedToasts({ inShell }: { inShell: boolean }) {
  const commonTexts = useTexts(commonCatalogue);
  return (
    <ToastContainer
      position="top-right"
      theme="colored"
      autoClose={inShell ? TIMINGS.toastShellMs : TIMINGS.toastLoginMs}
      newestOnTop
      aria-label={commonTexts.toastRegion}
      closeLabel={commonTexts.dismissToast}
    />
  );
}
