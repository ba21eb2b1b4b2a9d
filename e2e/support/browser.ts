import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium, headless, with nothing reaching out to the network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--autoplay-policy=no-user-gesture-required',
    ],
  });
}

const violations = new WeakMap<Page, string[]>();

export async function newPage(browser: Browser, baseUrl: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, locale: 'pt-BR', viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  // a bound only ends a broken test: a loaded machine draws a page several times slower than an idle one
  page.setDefaultTimeout(60_000);
  // Chromium reports every blocked script, style, frame, media or worker on the console
  const seen: string[] = [];
  violations.set(page, seen);
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  return page;
}

/** What the page's Content-Security-Policy blocked so far (any frame of it); empty when the panel works under it. */
export const cspViolations = (page: Page): string[] => [...(violations.get(page) ?? [])];

/** Logs in through the login screen, as a person does, and waits for the dashboard. */
export async function logIn(page: Page, login: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail ou Usuário').fill(login);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar no Painel' }).click();
  await page.waitForURL('**/dashboard');
}

/**
 * Answers the panel's confirmation dialog (its own, not the browser's `confirm()`): waits for
 * it, clicks 'Confirmar' (or 'Cancelar'), waits for it to close and returns the question it asked.
 */
export async function answerConfirm(page: Page, answer: 'Confirmar' | 'Cancelar' = 'Confirmar'): Promise<string> {
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  const question = await dialog.getByTestId('confirm-message').innerText();
  await dialog.getByRole('button', { name: answer, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  return question;
}
