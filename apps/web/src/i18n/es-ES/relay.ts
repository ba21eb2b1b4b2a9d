import type { FeatureTexts } from '../index.ts';
import { icu } from '../message.ts';

/** The Relay page (/dashboard/relayrtmp). */
const relay: FeatureTexts<'relay'> = {
  title: 'Relay RTMP/M3U8',
  subtitle: 'Retransmite en tu canal una transmisión en vivo externa, en RTMP o en HLS (M3U8).',
  formTitle: 'Configurar relay',
  formDescription: 'Ingresa la dirección de la transmisión de origen. El tipo se detecta a partir de la dirección.',
  urlLabel: 'URL de la transmisión de origen',
  urlPlaceholder: 'rtmp://servidor/app/stream o https://servidor/playlist.m3u8',
  typeLabel: 'Tipo',
  typeM3u8: 'M3U8 (HLS)',
  recordLabel: 'Grabar este relay',
  recordHint: icu('El relay se graba sin recodificar en la carpeta {folder} de la biblioteca, desde el inicio hasta que se desactive.'),
  validating: 'Verificando la URL...',
  activate: 'Activar relay',
  activating: 'Activando...',
  deactivate: 'Desactivar relay',
  deactivating: 'Desactivando...',
  stopConfirm: '¿Quieres desactivar el relay? El canal dejará de mostrar la transmisión de origen.',
  statusTitle: 'Estado del relay',
  stateLabels: {
    starting: 'Conectando con el origen...',
    live: 'Al aire',
    reconnecting: 'Reconectando...',
    failing: 'Con fallas: el relay se reinicia una y otra vez y sigue intentándolo',
    held: 'Esperando a OBS',
  },
  startedAtLabel: 'Activado el',
  inactive: 'No hay ningún relay activo. Configura el origen abajo para retransmitirlo en tu canal.',
  errorTitle: 'El relay se detuvo por un error',
  helpTitle: 'Cómo funciona el relay',
  help: [
    'El relay toma la transmisión de origen y la publica en tu canal: el player, el dashboard y las lives a plataformas pasan a mostrarla.',
    'Acepta direcciones rtmp:// (o rtmps://) y playlists HLS en https:// que terminen en .m3u8. El video debe estar en H.264; el audio se convierte a AAC.',
    'Si el origen se cae, el relay intenta reconectarse por su cuenta; después de 60 minutos sin respuesta se desactiva.',
    'Mientras OBS transmite en el canal, el relay espera y vuelve cuando OBS se detiene. Activar el relay termina la playlist al aire (o el relay anterior), e iniciar una playlist termina el relay.',
  ],
};

export default relay;
