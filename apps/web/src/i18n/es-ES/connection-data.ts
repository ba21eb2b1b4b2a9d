import type { FeatureTexts } from '../index.ts';
import { icu } from '../message.ts';

/** The connection data page (/dashboard/dados-conexao). */
const connectionDataTexts: FeatureTexts<'connection-data'> = {
  title: 'Datos de conexión',
  subtitle: 'Usa estos datos en OBS y en tu programa de FTP',
  ftpTitle: 'Acceso FTP',
  ftpDescription: 'Sube videos con FileZilla u otro programa de FTP',
  ftpHost: 'Host',
  ftpHostItem: 'Host FTP',
  ftpUserItem: 'Usuario FTP',
  ftpPasswordItem: 'Contraseña FTP',
  ftpPortItem: 'Puerto FTP',
  hiddenValue: icu('{item}: valor oculto'),
  streamTitle: 'Transmisión en vivo (RTMP)',
  streamDescription: 'Servidor y clave para OBS, y la URL HLS de tu transmisión',
  streamKey: 'Clave de transmisión',
  streamKeyHint: 'No compartas la clave: cualquiera que la tenga puede transmitir en tu canal.',
  hlsUrl: 'URL HLS',
  regenerateKey: 'Generar nueva clave',
  regenerateKeyConfirm:
    '¿Generar una nueva clave de transmisión? La clave actual dejará de funcionar y se cortará la transmisión en curso. Después, actualiza la clave en OBS.',
  helpRtmp: 'Servidor RTMP: la dirección que usa OBS u otro encoder para enviar la transmisión.',
  helpStreamKey: 'Clave de transmisión: identifica tu canal; úsala completa, tal como aparece arriba.',
  helpHls: 'URL HLS: la dirección para ver la transmisión en players y aplicaciones.',
  helpFormats: 'Formatos admitidos: MP4, AVI, MOV, WMV, FLV, WebM, MKV.',
  helpSizeLimit: icu('Límite de tamaño según tu plan: {size} de almacenamiento.'),
  obsTitle: 'Cómo configurar OBS',
  obsStep1: 'En OBS, abre Ajustes → Emisión.',
  obsStep2: 'En Servicio, elige Personalizado.',
  obsStep3: 'En Servidor, pega el Servidor RTMP.',
  obsStep4: 'En Clave de retransmisión, pega la clave completa y haz clic en Aceptar.',
  obsStep5: 'Haz clic en Iniciar transmisión: el panel muestra EN VIVO en pocos segundos.',
};

export default connectionDataTexts;
