import type { FeatureTexts } from '../index.ts';

const webappTexts: FeatureTexts<'webapp'> = {
  loading: 'Loading...',
  loadError: 'Could not open the app. Check your connection and try again.',
  retry: 'Try again',
  player: 'Live broadcast',
  watch: 'Watch',
  banner: 'Advertisement',
  menu: 'App sections',
  sections: { programacao: 'Schedule', historia: 'About', chat: 'Chat', contato: 'Contact' },
  install: 'Install app',
  notify: 'Get notifications',
  notifyStop: 'Turn off notifications',
  notifyBlocked: 'Notifications are blocked in this browser. Allow them in the site settings.',
  notifyFailed: 'Could not turn on notifications. Please try again.',
  notifyOn: 'All set! You’ll get notifications from this channel.',
  chatName: 'Your name',
  chatMessage: 'Message',
  chatSend: 'Send',
  chatSending: 'Sending...',
  chatEmpty: 'No messages yet. Be the first to write!',
  chatOffline: 'Not connected to the chat. Retrying...',
  chatSendFailed: 'Could not send the message. Check your connection.',
  contactEmpty: 'No contact details provided.',
  contacts: {
    email: 'Email', whatsapp: 'WhatsApp', site: 'Website', facebook: 'Facebook', instagram: 'Instagram', twitter: 'Twitter', youtube: 'YouTube',
  },
};

export default webappTexts;
