import type { FeatureTexts } from '../index.ts';
import { plurals } from '../plural.ts';
import { icu } from '../message.ts';

const { isOne, count } = plurals('es-ES');

/** The audience page (/dashboard/espectadores). */
const audienceTexts: FeatureTexts<'audience'> = {
  title: 'Espectadores',
  subtitle: 'Quién ve tu canal: desde dónde, en qué dispositivo y durante cuánto tiempo',
  periodLabel: 'Período',
  periodNames: { '1h': 'Última hora', '24h': 'Últimas 24 horas', '7d': 'Últimos 7 días', '30d': 'Últimos 30 días' },
  export: 'Exportar CSV',
  exporting: 'Exportando...',
  realTimeTitle: 'Tiempo real',
  liveViewers: 'Viendo la transmisión ahora',
  limit: (v: { limit: number }) => `Límite del plan: ${count(v.limit, 'espectador simultáneo', 'espectadores simultáneos')}`,
  limitBar: 'Uso del límite de espectadores',
  vodViewers: (v: { n: number }) => `+ ${v.n} viendo ${isOne(v.n) ? 'un video' : 'videos'}`,
  onAir: 'Transmisión en vivo',
  offAir: 'Canal fuera del aire',
  updatedAt: (v: { time: string; seconds: number }) => `Actualizado a las ${v.time} · cada ${count(v.seconds, 'segundo', 'segundos')}`,
  summary: 'Resumen del período',
  total: 'Espectadores en el período',
  activeNow: 'Activos ahora',
  averageTime: 'Tiempo promedio de visualización',
  mapTitle: 'Desde dónde ven',
  mapDescription: 'Cada punto es una ciudad; su tamaño depende de la cantidad de espectadores del período.',
  mapLoading: 'Cargando mapa...',
  mapEmpty: 'No hay espectadores con ubicación conocida en este período.',
  mapLabel: 'Mapa mundial con los espectadores por ciudad',
  mapLegendActive: 'Con espectadores activos ahora',
  mapLegendIdle: 'Sin espectadores activos ahora',
  viewers: (v: { n: number }) => count(v.n, 'espectador', 'espectadores'),
  dotTitle: (v: { place: string; n: number; active: number }) => `${v.place}: ${count(v.n, 'espectador', 'espectadores')} (${count(v.active, 'activo', 'activos')})`,
  historyTitle: 'Espectadores a lo largo del tiempo',
  historyDescription: icu<{ interval: string }>('Personas que vieron el canal en cada intervalo de {interval}'),
  intervalNames: { '1h': '1 hora', '5m': '5 minutos' },
  historyLoading: 'Cargando historial...',
  historyUnavailable: 'No se pudo cargar el historial.',
  averageOf: icu<{ time: string }>('Tiempo promedio: {time}'),
  topCountries: 'Principales países',
  topDevices: 'Principales dispositivos',
  topEmpty: 'Sin espectadores en el período.',
  share: icu<{ name: string }>('Porcentaje de {name}'),
  listTitle: 'Lista de espectadores',
  listLoading: 'Cargando espectadores...',
  filterLabel: 'Filtrar espectadores',
  filterPlaceholder: 'País, ciudad, dispositivo o navegador',
  statusNames: { todos: 'Todos', ativos: 'Activos', inativos: 'Inactivos' },
  columns: ['País', 'Ciudad', 'Dispositivo', 'Navegador', 'Tiempo', 'Estado', 'Conectado desde', 'Última actividad'],
  shown: (v: { n: number; total: number }) => (v.n === v.total ? count(v.total, 'sesión', 'sesiones') : `${v.n} de ${count(v.total, 'sesión', 'sesiones')}`),
  listCapped: icu<{ max: number }>('La lista muestra las {max} sesiones con actividad más reciente; el CSV exportado incluye todas las sesiones del período.'),
  noMatch: 'Ningún espectador coincide con la búsqueda.',
  none: '—',
  emptyTitle: 'No hay espectadores en este período',
  emptyText:
    'Se cuentan las personas que ven el canal en el player del panel (la página del player o el código para insertar, en vivo o videos de la biblioteca) o con el enlace HLS (.m3u8) abierto en otro player, como VLC. Cada persona cuenta mientras su player siga recibiendo la transmisión.',
};

export default audienceTexts;
