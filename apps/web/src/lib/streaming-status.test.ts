import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TIMINGS, type PlayoutInfo } from '@painel/contract';
import { STARTING_POLL_MS, statusPollMs } from './streaming-status.ts';

const playout = (aguardando_obs = false, falha: PlayoutInfo['falha'] = null) => ({
  transmission_id: 1, codigo_playlist: 7, playlist_nome: 'Manhã', atual: null, reproduzidos: 0, ignorados: [], aguardando_obs, falha,
});
const wowza = (connection_error = false) => ({ connection_error, total_streams: 0, user_streams: 0 });

test('a playlist that is starting is asked again every 2 s, whatever the page polls', () => {
  const starting = { is_live: false, playout: playout(), wowza_info: wowza() };
  assert.equal(statusPollMs(starting, { pollMs: 30_000, managementMs: 30_000 }), STARTING_POLL_MS);
  assert.equal(statusPollMs(starting, { managementMs: false }), STARTING_POLL_MS);
});

test('once on air, or waiting for OBS, or with the media server unreachable, the regular period applies', () => {
  assert.equal(statusPollMs({ is_live: true, playout: playout(), wowza_info: wowza() }, { pollMs: 30_000, managementMs: 30_000 }), 30_000);
  assert.equal(statusPollMs({ is_live: true, playout: playout(), wowza_info: wowza() }, { managementMs: 60_000 }), TIMINGS.liveStatusPollMs);
  assert.equal(statusPollMs({ is_live: false, playout: playout(true), wowza_info: wowza() }, { managementMs: 60_000 }), 60_000);
  // failing over and over is not 'starting': no fast polling, the page shows the failure
  const motivo = 'playout 1 terminou (código 1)';
  const failing = playout(false, { motivo, codigo: 'process_output', valores: { detalhe: motivo }, desde: '2026-01-01T00:00:00Z' });
  assert.equal(statusPollMs({ is_live: false, playout: failing, wowza_info: wowza() }, { managementMs: 60_000 }), 60_000);
  assert.equal(statusPollMs({ is_live: false, playout: playout(), wowza_info: wowza(true) }, { pollMs: 30_000, managementMs: 60_000 }), 30_000);
  assert.equal(statusPollMs({ is_live: false, playout: null, wowza_info: wowza() }, { managementMs: false }), false);
  assert.equal(statusPollMs(undefined, { managementMs: 30_000 }), 30_000);
});
