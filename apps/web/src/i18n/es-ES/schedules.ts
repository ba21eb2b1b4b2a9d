import type { FeatureTexts } from '../index.ts';
import { icu } from '../message.ts';

/** The schedules page (/dashboard/agendamentos). */
const schedulesTexts: FeatureTexts<'schedules'> = {
  title: 'Programación',
  subtitle: 'Programa cuándo sale al aire cada playlist',
  newBooking: 'Nueva programación',
  calendarTitle: 'Calendario',
  previousMonth: 'Mes anterior',
  nextMonth: 'Mes siguiente',
  thisMonth: 'Mes actual',
  calendarDay: icu('{date}: {n, plural, =0 {sin programaciones} one {# programación} other {# programaciones}}'),
  calendarToday: icu('{date} (hoy)'),
  monthTitle: icu('{month} de {year}'),
  calendarDayShown: icu<{ shown: string; label: string }>('{shown} — {label}'),
  calendarBadge: icu<{ id: number; name: string }>('Playlist {id}: {name}'),
  calendarMore: icu<{ n: number }>('+{n}'),
  shuffle: 'Mezclar los videos (orden aleatorio)',
  frequency: 'Frecuencia',
  frequencies: {
    diariamente: 'Diariamente',
    dias_da_semana: 'Días de la semana',
    uma_vez: 'Solo una vez',
  },
  frequencyDays: icu('{frequency} ({days})'),
  weekdayShort: ['Dom', 'Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb'],
  weekdayNames: ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'],
  weekdays: 'Días de la semana',
  ending: 'Playlist de cierre',
  endingNone: 'Ninguna',
  endingHint: 'Se reproduce en bucle cuando termina la playlist programada.',
  startTime: 'Hora de inicio',
  dayTitle: icu<{ date: string }>('Programación del {date}'),
  detailTitle: icu<{ id: number }>('Programación {id}'),
  addOnDay: 'Nueva programación en este día',
  id: 'ID',
  shuffled: 'Mezclada',
  endingLabel: 'Cierre',
  endingNoneDetail: 'Ninguna',
  start: 'Inicio',
  lastRun: 'Última ejecución',
  neverRun: 'Todavía no se ejecutó',
  lastRunLate: icu('{when} ({delay} de retraso)'),
  playlistRef: icu('{id} – {name}'),
  deleteLabel: icu<{ id: number }>('Eliminar programación {id}'),
  view: icu<{ id: number }>('Ver programación {id}'),
  yes: 'Sí',
  no: 'No',
  yesNamed: icu('Sí ({name})'),
  filtersTitle: 'Filtros',
  filterStart: 'Fecha inicial',
  filterEnd: 'Fecha final',
  filterAll: 'Todas',
  clearFilters: 'Limpiar filtros',
  listTitle: 'Lista de programaciones',
  listLoading: 'Cargando programación...',
  columns: ['ID', 'Playlist', 'Mezclada', 'Frecuencia', 'Cierre', 'Inicio'],
  helpTitle: 'Cómo funciona la programación',
  help1:
    'Una programación pone la playlist al aire en la fecha y la hora de inicio, en la zona horaria de la cuenta (definida en Configuración), sin que esta página tenga que estar abierta.',
  help2:
    'Frecuencia: Diariamente se repite todos los días a la misma hora; Días de la semana, solo los días marcados; Solo una vez, únicamente en la fecha elegida.',
  help3:
    'Con una playlist de cierre, la playlist programada se reproduce una vez y, al terminar, entra la playlist de cierre y se repite sin parar.',
  help4:
    'Sin playlist de cierre, la playlist programada se repite hasta la siguiente programación o hasta que finalices la transmisión.',
  help5:
    'Si estás en vivo desde OBS a la hora programada, OBS tiene prioridad: la playlist espera y sale al aire en cuanto termina la transmisión de OBS.',
  help6:
    'Haz clic en un día vacío del calendario para programar en él, o en un día marcado para ver y eliminar sus programaciones.',
};

export default schedulesTexts;
