import { Outlet } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfirmProvider } from '@/components/ui/confirm-dialog.tsx';
import { queryClient } from '@/lib/query-client.ts';
import { SessionEvents } from './session-events.tsx';

import { RequireAuth } from './auth-guards.tsx';

export { RootRedirect } from './auth-guards.tsx';

/**
 * Every route but the login screen: the query cache, the session's events and the confirmation
 * dialog. Loaded with the first of those routes, so the login screen, the first page most
 * visitors open, is drawn without the query library (a login hands its user over: lib/session.ts).
 */
export function SessionRoot() {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfirmProvider>
        <SessionEvents />
        <Outlet />
      </ConfirmProvider>
    </QueryClientProvider>
  );
}

/** The /dashboard routes: an unauthenticated visitor goes to /login (auth-guards.tsx). */
export function SignedIn() {
  return (
    <RequireAuth>
      <Outlet />
    </RequireAuth>
  );
}
