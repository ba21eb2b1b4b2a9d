/** The session token lives in localStorage under this key. */
export const TOKEN_KEY = 'token';

/**
 * A streaming's panel entered by its reseller ('Acessar painel') keeps its short session in this
 * tab only: the reseller's other tabs go on in the reseller's own session.
 */
const ENTERED_KEY = 'painel.sessao-acessada';

function entered(): string | null {
  try {
    return window.sessionStorage.getItem(ENTERED_KEY);
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  try {
    return entered() ?? window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** A sign-in: the account's session, in place of any panel this tab had entered. */
export function setToken(token: string): void {
  window.localStorage.setItem(TOKEN_KEY, token);
  try {
    window.sessionStorage.removeItem(ENTERED_KEY);
  } catch {
    // storage unavailable: no entered panel to drop
  }
}

/** Ends this tab's session: an entered panel's only (the reseller's stays), else the account's. */
export function clearToken(): void {
  try {
    if (entered()) window.sessionStorage.removeItem(ENTERED_KEY);
    else window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // storage unavailable: nothing to remove
  }
}

/** Enters a streaming's panel in this tab: its short session is used here until `leavePanel`. */
export function enterPanel(token: string): void {
  window.sessionStorage.setItem(ENTERED_KEY, token);
}

/** Back to the reseller's own session in this tab; false when this tab was in no entered panel. */
export function leavePanel(): boolean {
  const was = entered() !== null;
  try {
    window.sessionStorage.removeItem(ENTERED_KEY);
  } catch {
    // storage unavailable: nothing to leave
  }
  return was;
}
