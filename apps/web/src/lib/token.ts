/** The session token lives in localStorage under this key. */
export const TOKEN_KEY = 'token';

export function getToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  window.localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // storage unavailable: nothing to remove
  }
}

/** Where a reseller's own session waits while it is in a streaming's panel (this tab only). */
const RETURN_KEY = 'painel.sessao-revenda';

/** Enters a streaming's panel ('Acessar painel'): its short session replaces this one, kept to come back to. */
export function enterPanel(token: string): void {
  const own = getToken();
  if (own) window.sessionStorage.setItem(RETURN_KEY, own);
  setToken(token);
}

/** Back to the reseller's own session; false when this tab has none to return to. */
export function leavePanel(): boolean {
  let own: string | null = null;
  try {
    own = window.sessionStorage.getItem(RETURN_KEY);
    window.sessionStorage.removeItem(RETURN_KEY);
  } catch {
    own = null;
  }
  if (!own) return false;
  setToken(own);
  return true;
}
