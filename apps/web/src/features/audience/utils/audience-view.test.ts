import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IntlMessageFormat } from 'intl-messageformat';
import { AUDIENCE, type Viewer } from '@painel/contract';
import audiencePt from '../../../i18n/pt-BR/audience.ts';
import audienceEn from '../../../i18n/en-US/audience.ts';
import { ago, dotSizer, dotTitleValues, filterViewers, historyInterval, historyTick, topEntries } from './audience-view.ts';

const viewer = (id: number, over: Partial<Viewer>): Viewer => ({
  id, ip_hash: `h${id}`, pais: 'Brasil', codigo_pais: 'BR', cidade: 'São Paulo', dispositivo: 'Desktop', navegador: 'Chrome',
  tempo_visualizacao: 60, ativo: true, tipo: 'live', origem: 'player', created_at: '2026-11-23T12:00:00.000Z',
  ultima_atividade: '2026-11-23T12:01:00.000Z', ...over,
});

test('map dots: the smallest count is 8 px, the largest 24 px, linear and growing between', () => {
  const size = dotSizer([3, 1, 9, 5]);
  assert.equal(size(1), AUDIENCE.dotMinPx);
  assert.equal(size(9), AUDIENCE.dotMaxPx);
  assert.equal(size(5), 16);
  let last = 0;
  for (let c = 1; c <= 9; c += 1) {
    assert.ok(size(c) > last, `o ponto de ${c} não é maior que o de ${c - 1}`);
    last = size(c);
  }
});

test('map dots: equal counts (one city, or every city alike) all get one size within 8–24 px', () => {
  for (const counts of [[4], [2, 2, 2]]) {
    const size = dotSizer(counts);
    assert.equal(size(counts[0]!), 16);
    assert.ok(size(counts[0]!) >= AUDIENCE.dotMinPx && size(counts[0]!) <= AUDIENCE.dotMaxPx);
  }
});

test("map dots: the hover text names the place, the viewers and the active ones", () => {
  const dotTitle = (message: string, locale: string, p: Parameters<typeof dotTitleValues>[0]) => String(new IntlMessageFormat(message, locale).format(dotTitleValues(p)));
  const sp = { cidade: 'São Paulo', pais: 'Brasil', latitude: -23.5, longitude: -46.6, count: 3, ativos: 2 };
  const us = { cidade: '', pais: 'Estados Unidos', latitude: 37.7, longitude: -97.8, count: 1, ativos: 0 };
  assert.equal(dotTitle(audiencePt.dotTitle, 'pt-BR', sp), 'São Paulo, Brasil: 3 espectadores (2 ativos)');
  assert.equal(dotTitle(audiencePt.dotTitle, 'pt-BR', us), 'Estados Unidos: 1 espectador (0 ativos)');
  assert.equal(dotTitle(audienceEn.dotTitle, 'en-US', us), 'Estados Unidos: 1 viewer (0 active)');
});

test('list: how long ago, in whole minutes, hours and days', () => {
  const now = Date.parse('2026-11-23T12:00:00.000Z');
  const at = (s: number) => ago(new Date(now - s * 1000).toISOString(), now);
  assert.deepEqual([at(0), at(59), at(60), at(3599), at(3600), at(86_399), at(86_400), at(3 * 86_400)], [
    { unit: 'now' }, { unit: 'now' }, { unit: 'min', n: 1 }, { unit: 'min', n: 59 }, { unit: 'h', n: 1 }, { unit: 'h', n: 23 },
    { unit: 'd', n: 1 }, { unit: 'd', n: 3 },
  ]);
  const days = (n: number) => String(new IntlMessageFormat(audiencePt.agoDays, 'pt-BR').format({ n }));
  assert.deepEqual([days(1), days(2)], ['há 1 dia', 'há 2 dias']);
});

test('top lists: the five largest, largest first, ties by name, with their share of the period', () => {
  const paises = { Portugal: 2, Brasil: 10, Argentina: 2, Chile: 1, Peru: 1, Uruguai: 3, México: 1 };
  const top = topEntries(paises, 20);
  assert.deepEqual(top.map((e) => e.nome), ['Brasil', 'Uruguai', 'Argentina', 'Portugal', 'Chile']);
  assert.equal(top.length, AUDIENCE.topEntries);
  assert.deepEqual(top[0], { nome: 'Brasil', count: 10, percent: 50 });
  assert.deepEqual(topEntries({}, 0), []);
  assert.deepEqual(topEntries({ Desktop: 0, Celular: 2 }, 0), [{ nome: 'Celular', count: 2, percent: 0 }]);
});

test('list search: any of place, device or browser, every word, without caring for accents or case', () => {
  const list = [
    viewer(1, {}),
    viewer(2, { pais: 'Portugal', codigo_pais: 'PT', cidade: 'Lisboa', dispositivo: 'Celular', navegador: 'Safari', ativo: false }),
    viewer(3, { pais: 'Estados Unidos', codigo_pais: 'US', cidade: '', dispositivo: 'Outro', navegador: 'VLC' }),
  ];
  const ids = (text: string, status: Parameters<typeof filterViewers>[2] = 'todos') => filterViewers(list, text, status).map((v) => v.id);
  assert.deepEqual(ids(''), [1, 2, 3]);
  assert.deepEqual(ids('sao paulo'), [1]);
  assert.deepEqual(ids('  LISBOA '), [2]);
  assert.deepEqual(ids('vlc'), [3]);
  assert.deepEqual(ids('celular safari'), [2]);
  assert.deepEqual(ids('celular chrome'), []);
  assert.deepEqual(ids('', 'ativos'), [1, 3]);
  assert.deepEqual(ids('', 'inativos'), [2]);
  assert.deepEqual(ids('brasil', 'inativos'), []);
});

test('history: 5-minute bars over the last hour, hourly otherwise; labels in the account time zone', () => {
  assert.equal(historyInterval('1h'), '5m');
  assert.equal(historyInterval('24h'), '1h');
  assert.equal(historyInterval('30d'), '1h');
  const at = '2026-11-23T17:05:00.000Z';
  assert.equal(historyTick(at, '1h', 'America/Sao_Paulo'), '14:05');
  assert.equal(historyTick(at, '24h', 'America/Manaus'), '13:05');
  assert.equal(historyTick(at, '7d', 'America/Sao_Paulo'), '23/11 14h');
  assert.equal(historyTick('2026-11-24T02:00:00.000Z', '30d', 'America/Sao_Paulo'), '23/11 23h');
  assert.equal(historyTick('não é data', '24h', 'America/Sao_Paulo'), '');
  // in the panel's language
  assert.equal(historyTick(at, '1h', 'America/Sao_Paulo', 'es-ES'), '14:05');
  assert.equal(historyTick(at, '7d', 'America/Sao_Paulo', 'es-ES'), '23/11 14h');
  // (ICU puts a narrow no-break space before AM/PM)
  const spaced = (s: string) => s.replace(/\s/gu, ' ');
  assert.equal(spaced(historyTick(at, '1h', 'America/Sao_Paulo', 'en-US')), '2:05 PM');
  assert.equal(spaced(historyTick(at, '7d', 'America/Sao_Paulo', 'en-US')), '11/23 2 PM');
});
