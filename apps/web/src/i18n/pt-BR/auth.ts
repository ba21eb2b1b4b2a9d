/** The login screen and the marketing panel beside it. */
const authTexts = {
  title: 'Bem-vindo',
  subtitle: 'Entre com suas credenciais para acessar o painel',
  emailLabel: 'E-mail ou Usuário',
  emailPlaceholder: 'seu@email.com ou usuário',
  passwordPlaceholder: 'Digite sua senha',
  showPassword: 'Mostrar senha',
  hidePassword: 'Ocultar senha',
  submit: 'Entrar no Painel',
  submitting: 'Entrando...',
  help: 'Problemas para acessar? Entre em contato',
  createAccount: 'Criar conta',
  forgotPassword: 'Esqueci minha senha',
  marketingTitle: 'Sua plataforma completa de streaming',
  marketingSubtitle: 'Transmita ao vivo, organize seus vídeos e acompanhe sua audiência em um só lugar.',
  featureLiveTitle: 'Transmissões ao vivo',
  featureLiveText: 'Transmita em alta qualidade pelo OBS ou a partir de playlists, 24 horas por dia.',
  featureAnalyticsTitle: 'Análise de audiência',
  featureAnalyticsText: 'Acompanhe seus espectadores em tempo real, por região e por dispositivo.',
  featureVodTitle: 'Gerenciamento de vídeos sob demanda',
  featureVodText: 'Envie, converta e organize seus vídeos em pastas e playlists.',
  featureMultiTitle: 'Alcance multiplataforma',
  featureMultiText: 'Retransmita ao mesmo tempo para redes sociais, plataformas de vídeo e destinos RTMP próprios.',
  languageLabel: 'Idioma',
} as const;

export default authTexts;
