import type { FeatureTexts } from '../index.ts';
import { plurals } from '../plural.ts';
import { icu } from '../message.ts';

const { isOne, count } = plurals('en-US');

const audienceTexts: FeatureTexts<'audience'> = {
  title: 'Viewers',
  subtitle: 'Who watches your channel: from where, on which device, and for how long',
  periodLabel: 'Period',
  periodNames: { '1h': 'Last hour', '24h': 'Last 24 hours', '7d': 'Last 7 days', '30d': 'Last 30 days' },
  export: 'Export CSV',
  exporting: 'Exporting...',
  realTimeTitle: 'Real time',
  liveViewers: 'Watching the broadcast now',
  limit: (v: { limit: number }) => `Plan limit: ${count(v.limit, 'concurrent viewer', 'concurrent viewers')}`,
  limitBar: 'Viewer limit usage',
  vodViewers: (v: { n: number }) => `+ ${v.n} watching ${isOne(v.n) ? 'a video' : 'videos'}`,
  onAir: 'Live broadcast',
  offAir: 'Channel off air',
  updatedAt: (v: { time: string; seconds: number }) => `Updated at ${v.time} · every ${count(v.seconds, 'second', 'seconds')}`,
  summary: 'Period summary',
  total: 'Viewers in the period',
  activeNow: 'Active now',
  averageTime: 'Average watch time',
  mapTitle: 'Where they watch from',
  mapDescription: 'Each dot is a city; its size follows the number of viewers in the period.',
  mapLoading: 'Loading map...',
  mapEmpty: 'No viewers with a known location in this period.',
  mapLabel: 'World map of viewers by city',
  mapLegendActive: 'With active viewers now',
  mapLegendIdle: 'No active viewers now',
  viewers: (v: { n: number }) => count(v.n, 'viewer', 'viewers'),
  dotTitle: (v: { place: string; n: number; active: number }) =>
    `${v.place}: ${count(v.n, 'viewer', 'viewers')} (${v.active} active)`,
  historyTitle: 'Viewers over time',
  historyDescription: icu<{ interval: string }>('People who watched in each {interval} interval'),
  // only read inside historyDescription, hence the compound-adjective form
  intervalNames: { '1h': '1-hour', '5m': '5-minute' },
  historyLoading: 'Loading history...',
  historyUnavailable: 'Could not load the history.',
  averageOf: icu<{ time: string }>('Average time: {time}'),
  topCountries: 'Top countries',
  topDevices: 'Top devices',
  topEmpty: 'No viewers in the period.',
  share: icu<{ name: string }>('Share of {name}'),
  listTitle: 'Viewer list',
  listLoading: 'Loading viewers...',
  filterLabel: 'Filter viewers',
  filterPlaceholder: 'Country, city, device, or browser',
  statusNames: { todos: 'All', ativos: 'Active', inativos: 'Inactive' },
  columns: ['Country', 'City', 'Device', 'Browser', 'Time', 'Status', 'Connected at', 'Last activity'],
  shown: (v: { n: number; total: number }) =>
    v.n === v.total ? count(v.total, 'session', 'sessions') : `${v.n} of ${count(v.total, 'session', 'sessions')}`,
  listCapped: icu<{ max: number }>('The list shows the {max} sessions with the most recent activity; the exported CSV includes every session in the period.'),
  noMatch: 'No viewers match your search.',
  none: '—',
  emptyTitle: 'No viewers in this period',
  emptyText: 'Viewers are counted when they watch the channel in the panel’s player (the player page or the embed code, live or library videos) or through the HLS link (.m3u8) opened in another player, such as VLC. Each person counts for as long as their player keeps receiving the stream.',
};

export default audienceTexts;
