import assert from 'node:assert/strict';
import { test } from 'node:test';
import { refreshPeriods } from './auto-refresh.ts';

test('auto refresh off stops every periodic reload', () => {
  assert.deepEqual(refreshPeriods({ auto_refresh: false, refresh_interval: 30 }), { dashboardMs: false, managementMs: false });
});

test("auto refresh on: the dashboard every 60 s, management pages at the account's interval", () => {
  assert.deepEqual(refreshPeriods({ auto_refresh: true, refresh_interval: 120 }), { dashboardMs: 60_000, managementMs: 120_000 });
});

test('before the settings load, the defaults apply', () => {
  assert.deepEqual(refreshPeriods(undefined), { dashboardMs: 60_000, managementMs: 30_000 });
});
