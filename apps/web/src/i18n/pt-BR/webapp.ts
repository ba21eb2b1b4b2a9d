/** What the published app (WEBAPP_BASE/{login}/) says to its visitors; the server's own messages come in its answers. */
const webappTexts = {
  loading: 'Carregando...',
  loadError: 'Não foi possível abrir o aplicativo. Verifique sua conexão e tente novamente.',
  retry: 'Tentar novamente',
  player: 'Transmissão ao vivo',
  watch: 'Assistir',
  banner: 'Publicidade',
  menu: 'Seções do aplicativo',
  sections: { programacao: 'Programação', historia: 'História', chat: 'Chat', contato: 'Contato' },
  install: 'Instalar app',
  notify: 'Receber notificações',
  notifyStop: 'Desativar notificações',
  notifyBlocked: 'As notificações estão bloqueadas neste navegador. Libere-as nas configurações do site.',
  notifyFailed: 'Não foi possível ativar as notificações. Tente novamente.',
  notifyOn: 'Pronto! Você receberá as notificações deste canal.',
  chatName: 'Seu nome',
  chatMessage: 'Mensagem',
  chatSend: 'Enviar',
  chatSending: 'Enviando...',
  chatEmpty: 'Nenhuma mensagem ainda. Seja o primeiro a escrever!',
  chatOffline: 'Sem conexão com o chat. Tentando de novo...',
  chatSendFailed: 'Não foi possível enviar a mensagem. Verifique sua conexão.',
  contactEmpty: 'Nenhum contato informado.',
  contacts: {
    email: 'E-mail', whatsapp: 'WhatsApp', site: 'Site', facebook: 'Facebook', instagram: 'Instagram', twitter: 'Twitter', youtube: 'YouTube',
  },
} as const;

export default webappTexts;
