import type { FeatureTexts } from '../index.ts';

/** What the published app (WEBAPP_BASE/{login}/) says to its visitors; the server's own messages come in its answers. */
const webappTexts: FeatureTexts<'webapp'> = {
  loading: 'Cargando...',
  loadError: 'No se pudo abrir la aplicación. Revisa tu conexión e inténtalo de nuevo.',
  retry: 'Reintentar',
  player: 'Transmisión en vivo',
  watch: 'Ver',
  banner: 'Publicidad',
  menu: 'Secciones de la aplicación',
  sections: { programacao: 'Programación', historia: 'Historia', chat: 'Chat', contato: 'Contacto' },
  install: 'Instalar app',
  notify: 'Recibir notificaciones',
  notifyStop: 'Desactivar notificaciones',
  notifyBlocked: 'Las notificaciones están bloqueadas en este navegador. Habilítalas en la configuración del sitio.',
  notifyFailed: 'No se pudieron activar las notificaciones. Inténtalo de nuevo.',
  notifyOn: '¡Listo! Recibirás las notificaciones de este canal.',
  chatName: 'Tu nombre',
  chatMessage: 'Mensaje',
  chatSend: 'Enviar',
  chatSending: 'Enviando...',
  chatEmpty: 'Todavía no hay mensajes. ¡Sé el primero en escribir!',
  chatOffline: 'Sin conexión con el chat. Reintentando...',
  chatSendFailed: 'No se pudo enviar el mensaje. Revisa tu conexión.',
  contactEmpty: 'No hay datos de contacto.',
  contacts: {
    email: 'Correo', whatsapp: 'WhatsApp', site: 'Sitio web', facebook: 'Facebook', instagram: 'Instagram', twitter: 'Twitter', youtube: 'YouTube',
  },
};

export default webappTexts;
