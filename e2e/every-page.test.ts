import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_MENU, msg } from '@painel/contract';
import { accessibilityProblems, CALENDAR_PATH, layoutProblems, everyPageFixture, openPage, SIZES } from './support/every-page.ts';

/*
 * Every page of the side menu, with an account that has a library, a playlist on air and a
 * booking, at a desktop size and at a phone's: nothing passes the window's edge, no title or
 * button is cut, and axe finds nothing serious.
 */
describe('every page at desktop and phone size', () => {
  const f = everyPageFixture();

  for (const size of SIZES) {
    test(`${size.name} (${size.width}×${size.height}): nothing overflows, nothing is cut, no serious accessibility fault`, { timeout: 120_000 }, async () => {
      await f.page.setViewportSize({ width: size.width, height: size.height });
      await f.calendarPage.setViewportSize({ width: size.width, height: size.height });
      const layout: string[] = [];
      const a11y: string[] = [];
      for (const item of DEFAULT_MENU) {
        // the calendar on a month whose first and last weeks show its neighbours' days
        const shown = item.path === CALENDAR_PATH ? f.calendarPage : f.page;
        await openPage(shown, item.path);
        if (shown === f.calendarPage) {
          const outside = await shown.locator('main table:has([data-testid^="dia-"]) tbody td:not(:has(button))').allInnerTexts();
          assert.deepEqual([outside.slice(0, 3), outside.slice(3)], [['29', '30', '31'], ['1', '2']], 'os dias de agosto e de outubro no calendário de setembro de 2027');
        }
        for (const p of await shown.evaluate(layoutProblems)) layout.push(`${item.label} (${item.path}, ${size.width}×${size.height}): ${p}`);
        for (const p of await accessibilityProblems(shown)) a11y.push(`${item.label} (${item.path}, ${size.width}×${size.height}): ${p}`);
      }
      // a toast on the page (saving the settings): its text reads at AA contrast too
      await openPage(f.page, '/dashboard/configuracoes');
      await f.page.locator('main form button[type="submit"]').click();
      await f.page.getByText(msg.settingsSaved).waitFor();
      // held under the pointer (it stays while hovered) and measured once it has come in
      const toast = f.page.locator('.Toastify__toast').first();
      await toast.hover();
      await toast.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
      for (const p of await accessibilityProblems(f.page)) a11y.push(`toast (${size.width}×${size.height}): ${p}`);
      assert.deepEqual(layout, [], `problemas de layout:\n${layout.join('\n')}`);
      assert.deepEqual(a11y, [], `problemas de acessibilidade:\n${a11y.join('\n')}`);
    });
  }
});
