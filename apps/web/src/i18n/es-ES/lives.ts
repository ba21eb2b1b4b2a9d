import type { FeatureTexts } from '../index.ts';
import { icu } from '../message.ts';

/** The lives page (/dashboard/iniciar-transmissao). */
const livesTexts: FeatureTexts<'lives'> = {
  subtitle: 'Retransmite tu canal a YouTube, Facebook, Twitch o cualquier servidor RTMP, ahora o a la hora programada',
  warning:
    'No necesitas mantener esta página abierta: las lives se ejecutan en el servidor, empiezan y terminan solas en los horarios definidos y se reconectan si el destino se cae. Cada live dura como máximo 24 horas.',
  activeBroadcastTitle: 'Transmisión activa',
  activeBroadcastNone: 'Tu canal no está al aire. Inicia la transmisión en OBS para que las lives tengan algo que retransmitir.',
  tableTitle: 'Lives',
  empty: 'Todavía no hay lives registradas.',
  columns: ['Live', 'Inicio', 'Fin', 'Duración', 'Estado', 'Acciones'],
  finishLabel: icu<{ name: string }>('Finalizar la live {name}'),
  removeLabel: icu<{ name: string }>('Eliminar la live {name}'),
  stateLabels: {
    live: 'Transmitiendo',
    scheduled: 'Programada',
    starting: 'Conectando...',
    reconnecting: 'Reconectando...',
    failing: 'Fallando',
    error: 'Error',
    finished: 'Finalizada',
  },
  registerLive: 'Registrar live',
  missingFields: icu<{ fields: string }>('Falta completar: {fields}'),
  platform: 'Plataforma',
  key: 'Clave de transmisión',
  keyHint: 'La clave se guarda de forma segura y aparece enmascarada en la tabla.',
  sourceHls: 'HTTP/M3U8',
  startNow: 'Iniciar ahora',
  end: 'Fecha de fin',
  help1:
    'Elige la plataforma: el servidor RTMP se completa solo. Copia la clave en el panel de la plataforma (YouTube Studio, Facebook Live Producer, Twitch) y pégala aquí.',
  help2:
    'El origen es tu propio canal: lo que OBS envía al panel se reenvía a la plataforma sin recodificar, con la misma calidad.',
  help3:
    'Estado: Transmitiendo cuando la plataforma está recibiendo; Conectando o Reconectando mientras el panel intenta alcanzarla; Error cuando rechaza la clave.',
  help4: 'Una live programada empieza y termina sola en los horarios definidos, incluso con el navegador cerrado.',
};

export default livesTexts;
