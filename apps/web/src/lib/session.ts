import type { User } from '@painel/contract';

/**
 * What the login screen shares with the signed-in panel, without the query library: the login
 * screen is drawn without React Query (the shell's routes load it, lib/query-client.ts), and a
 * login hands the user it returned to the session's cache through here.
 */
export const meQueryKey = ['auth', 'me'] as const;

/**
 * The session's zod schemas, loaded on first use: the login screen paints without zod (its form
 * has its own check), and the login answer and the session check load them with the request.
 */
export const loadAuthSchemas = () => import('./auth-schemas.ts');

let seed: ((user: User) => void) | undefined;
let pending: User | undefined;

/** The user a login returned: the session's cache holds it at once (now, or when it is made). */
export function signedInAs(user: User): void {
  if (seed) seed(user);
  else pending = user;
}

/** Called once by the session's cache: receives the user of a login made before it existed, and of every later one. */
export function onSignIn(receive: (user: User) => void): void {
  seed = receive;
  if (pending) receive(pending);
  pending = undefined;
}
