import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useUser } from '@/lib/auth.ts';
import { LoadingState } from '@/components/ui/spinner.tsx';

/** `/`: to the dashboard with a user, else to the login screen; waits while the token is checked. */
export function RootRedirect() {
  const { data: user, isPending } = useUser();
  if (isPending) return <LoadingState fullScreen />;
  return <Navigate to={user ? '/dashboard' : '/login'} replace />;
}

/** Every /dashboard route: an unauthenticated visitor goes to /login, replacing history. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useUser();
  if (isPending) return <LoadingState fullScreen />;
  if (!user) return <Navigate to="/login" replace />;
  return children;
}
