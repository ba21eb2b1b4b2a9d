import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_MENU, msg } from '@painel/contract';
import { compileTexts } from '../apps/web/src/i18n/compile.ts';
import { catalogue, portugueseOnly, shownText, wordsIn } from './support/languages.ts';
import { apiLogin, until } from './support/publish.ts';
import {
  chooseLanguage, layoutProblems, everyPageFixture, openPage, OWN_TEXTS, playlistsTexts, TRANSLATED,
} from './support/every-page.ts';

/*
 * The same account's pages in en-US and es-ES at a phone's size, and the login page in the
 * browser's language (e2e/support/every-page.ts).
 */
describe('every page in en-US and es-ES, and the login page in the browser\'s language', () => {
  const f = everyPageFixture();

  test('in en-US and es-ES every page, a confirmation, a form dialog and a toast show no Portuguese text and fit a phone; back in pt-BR the spec\'s texts', { timeout: 180_000 }, async () => {
    // at a phone's size, where longer words in another language would be cut first
    await f.page.setViewportSize({ width: 390, height: 844 });
    const found: string[] = [];
    const layout: string[] = [];
    // a page that fails while it draws in the new language (React recovers, the person sees a flash)
    const pageErrors: string[] = [];
    const onError = (e: Error) => pageErrors.push(String(e));
    f.page.on('pageerror', onError);
    for (const locale of TRANSLATED) {
      const portuguese = await portugueseOnly(locale, OWN_TEXTS);
      assert.ok(portuguese.length > 500, `${portuguese.length} textos em português para procurar`);
      const common = compileTexts(await catalogue(locale, 'common'), locale) as { cancel: string; finishBroadcast: string };
      const playlists = compileTexts(await catalogue(locale, 'playlists'), locale) as unknown as typeof playlistsTexts;
      const messages = (await catalogue(locale, 'messages')) as { settingsSaved: string };
      const scan = async (where: string, selector = 'body') => {
        const text = await f.page.evaluate(shownText, selector);
        for (const words of portuguese) if (wordsIn(words, text)) found.push(`${locale} ${where}: «${words}»`);
      };

      await chooseLanguage(f.page, locale);
      // the toast of the save is already in the new language, and so is the page around it
      await f.page.getByText(messages.settingsSaved).waitFor();
      assert.equal(await f.page.evaluate(() => document.documentElement.lang), locale);
      await scan('Configurações, depois de salvar');
      for (const item of DEFAULT_MENU) {
        await openPage(f.page, item.path, playlists.selectPlaylistCard);
        await scan(item.path);
        for (const p of await f.page.evaluate(layoutProblems)) layout.push(`${locale} ${item.path}: ${p}`);
        if (item.path === '/dashboard/agendamentos') {
          // the calendar names this month in the language; tomorrow's 10:30 booking is written its way
          const text = (await f.page.locator('main').innerText()).replace(/\s+/g, ' ');
          const month = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'America/Sao_Paulo' }).format(new Date());
          assert.match(text.toLowerCase(), new RegExp(month.toLowerCase()), `${locale}: o mês no calendário`);
          assert.match(text, locale === 'en-US' ? /10:30\sAM/ : /10:30/, `${locale}: o horário do agendamento`);
        }
      }
      // the panel's confirmation: finishing the broadcast, answered no
      await openPage(f.page, '/dashboard');
      await f.page.getByRole('button', { name: common.finishBroadcast }).first().click();
      const confirmation = f.page.getByRole('alertdialog');
      await confirmation.waitFor();
      await scan('confirmação', '[role="alertdialog"]');
      await confirmation.getByRole('button', { name: common.cancel, exact: true }).click();
      await confirmation.waitFor({ state: 'detached' });
      // a form in a dialog: a new playlist, closed without saving
      await openPage(f.page, '/dashboard/playlists', playlists.selectPlaylistCard);
      await f.page.getByRole('button', { name: playlists.newPlaylist }).first().click();
      const dialog = f.page.getByRole('dialog');
      await dialog.waitFor();
      await scan('nova playlist', '[role="dialog"]');
      await f.page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    assert.deepEqual(found, [], `textos em português na interface traduzida:\n${found.join('\n')}`);
    assert.deepEqual(layout, [], `problemas de layout na interface traduzida:\n${layout.join('\n')}`);
    f.page.off('pageerror', onError);
    assert.deepEqual(pageErrors, []);

    await f.page.setViewportSize({ width: 1366, height: 768 });
    await chooseLanguage(f.page, 'pt-BR');
    await f.page.getByText(msg.settingsSaved).waitFor();
    const menu = f.page.getByRole('navigation', { name: 'Menu principal' });
    for (const item of DEFAULT_MENU) await menu.getByRole('link', { name: item.label, exact: true }).waitFor({ state: 'attached' });
  });

  test('the login page speaks the browser\'s language (pt-BR when it is none of the three) and remembers a choice', async () => {
    const auth = {
      'pt-BR': compileTexts(await catalogue('pt-BR', 'auth'), 'pt-BR') as { submit: string; title: string },
      'en-US': compileTexts(await catalogue('en-US', 'auth'), 'en-US') as { submit: string; title: string },
      'es-ES': compileTexts(await catalogue('es-ES', 'auth'), 'es-ES') as { submit: string; title: string },
    };
    for (const [browserLocale, shown] of [['es-AR', 'es-ES'], ['en-GB', 'en-US'], ['fr-FR', 'pt-BR'], ['pt-PT', 'pt-BR']] as const) {
      const context = await f.browser.newContext({ baseURL: f.stack.baseUrl, locale: browserLocale });
      const login = await context.newPage();
      await login.goto('/login');
      await login.getByRole('button', { name: auth[shown].submit }).waitFor();
      assert.equal(await login.evaluate(() => document.documentElement.lang), shown, browserLocale);
      if (browserLocale === 'fr-FR') {
        // a choice on the login page is kept for the next visit of this browser
        await login.locator('select:has(option[value="es-ES"])').selectOption('es-ES');
        await login.getByRole('button', { name: auth['es-ES'].submit }).waitFor();
        await login.reload();
        await login.getByRole('heading', { name: auth['es-ES'].title }).waitFor();
      }
      await context.close();
    }

    // a new account signing in from a Spanish browser keeps Spanish, saved as its language
    const newcomer = await f.stack.addAccount({ nome: 'Canal Andino' });
    const context = await f.browser.newContext({ baseURL: f.stack.baseUrl, locale: 'es-AR' });
    const first = await context.newPage();
    await first.goto('/login');
    await first.locator('input[type="password"]').fill(newcomer.password);
    await first.locator('main input, form input').first().fill(newcomer.email);
    await first.getByRole('button', { name: auth['es-ES'].submit }).click();
    await first.waitForURL('**/dashboard');
    const token = await apiLogin(f.stack.baseUrl, newcomer.email, newcomer.password);
    await until('idioma salvo', async () => {
      const r = await fetch(`${f.stack.baseUrl}/api/user-settings`, { headers: { authorization: `Bearer ${token}` } });
      return ((await r.json()) as { language: string }).language === 'es-ES';
    }, 10_000);
    assert.equal(await first.evaluate(() => document.documentElement.lang), 'es-ES');
    await context.close();
  });
});
