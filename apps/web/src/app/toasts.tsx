import { useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { TIMINGS } from '@painel/contract';

/**
 * One container for the whole app, so a toast raised just before a navigation (logout)
 * is still visible on the next page. Toasts close after 3 s inside the shell, 5 s elsewhere.
 */
export function Toasts() {
  const { pathname } = useLocation();
  const inShell = pathname === '/dashboard' || pathname.startsWith('/dashboard/');
  return (
    <ToastContainer
      position="top-right"
      theme="colored"
      autoClose={inShell ? TIMINGS.toastShellMs : TIMINGS.toastLoginMs}
      newestOnTop
    />
  );
}
