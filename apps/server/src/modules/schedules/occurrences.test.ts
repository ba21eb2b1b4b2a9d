import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NEVER, daysInMonth, latestDue, nextAfter, occursOn } from './occurrences.ts';

const SP = 'America/Sao_Paulo';

test('weekday bookings start on their weekdays only, from their first day on', () => {
  const r = { frequencia: 'dias_da_semana' as const, dias: [1, 2, 3, 4, 5], inicio: '2026-11-23 06:00:00' };
  // November 2026: the 23rd is a Monday
  assert.deepEqual(daysInMonth(r, '2026-11'), ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-30']);
  assert.equal(occursOn(r, '2026-11-28'), false);
  assert.equal(occursOn(r, '2026-11-16'), false);
});

test('once: only its day; daily: every day from it', () => {
  assert.deepEqual(daysInMonth({ frequencia: 'uma_vez', dias: [], inicio: '2026-11-28 20:00:00' }, '2026-11'), ['2026-11-28']);
  assert.deepEqual(daysInMonth({ frequencia: 'uma_vez', dias: [], inicio: '2026-11-28 20:00:00' }, '2026-12'), []);
  assert.equal(daysInMonth({ frequencia: 'diariamente', dias: [], inicio: '2026-11-20 00:00:00' }, '2026-11').length, 11);
});

test('the latest due occurrence is read in the account time zone', () => {
  const r = { frequencia: 'diariamente' as const, dias: [], inicio: '2026-11-01 06:00:00' };
  // 06:00 in São Paulo is 09:00 UTC
  const due = latestDue(r, Date.parse('2026-11-23T09:30:00Z'), SP)!;
  assert.equal(due.day, '2026-11-23');
  assert.equal(due.at, Date.parse('2026-11-23T09:00:00Z'));
  assert.equal(latestDue(r, Date.parse('2026-11-23T08:30:00Z'), SP)!.day, '2026-11-22');
  assert.equal(latestDue({ ...r, frequencia: 'uma_vez', inicio: '2026-11-25 06:00:00' }, Date.parse('2026-11-23T09:30:00Z'), SP), null);
});

test('the next occurrence after an instant: where the worker looks at a booking again', () => {
  const now = Date.parse('2026-11-23T09:30:00Z'); // Monday 06:30 in São Paulo
  const daily = { frequencia: 'diariamente' as const, dias: [], inicio: '2026-11-01 06:00:00' };
  assert.equal(nextAfter(daily, now, SP), Date.parse('2026-11-24T09:00:00Z'));
  assert.equal(nextAfter({ ...daily, inicio: '2026-11-01 07:00:00' }, now, SP), Date.parse('2026-11-23T10:00:00Z'));
  // exactly at an occurrence: that one is due now, the next is tomorrow's
  assert.equal(nextAfter(daily, Date.parse('2026-11-23T09:00:00Z'), SP), Date.parse('2026-11-24T09:00:00Z'));
  // Saturdays only: the coming Saturday
  assert.equal(nextAfter({ ...daily, frequencia: 'dias_da_semana', dias: [6] }, now, SP), Date.parse('2026-11-28T09:00:00Z'));
  // a first day months ahead: that day, not before
  assert.equal(nextAfter({ ...daily, inicio: '2027-03-01 06:00:00' }, now, SP), Date.parse('2027-03-01T09:00:00Z'));
  assert.equal(nextAfter({ ...daily, frequencia: 'uma_vez', inicio: '2027-03-01 06:00:00' }, now, SP), Date.parse('2027-03-01T09:00:00Z'));
  // a single one that passed, earlier today or before: never again
  assert.equal(nextAfter({ ...daily, frequencia: 'uma_vez', inicio: '2026-11-23 06:00:00' }, now, SP), NEVER);
  assert.equal(nextAfter({ ...daily, frequencia: 'uma_vez', inicio: '2026-11-20 06:00:00' }, now, SP), NEVER);
  // in Tokyo the same wall time is another instant
  assert.equal(nextAfter(daily, now, 'Asia/Tokyo'), Date.parse('2026-11-23T21:00:00Z'));
});
