/**
 * The texts of what the panel shows before its shell: the login screen, the loading state and
 * the error screen. They belong to `msg` (messages.ts) and `ui` (ui-texts.ts) like any other
 * text, which spread them in; they are kept in this small file so the login screen, the first
 * page most visitors open, loads these texts alone instead of both catalogues.
 */

/** Messages (see messages.ts) of signing in and out, the session, and the error screen. */
export const startMsg = {
  // login and session
  loginRequired: 'Email ou usuário é obrigatório',
  passwordRequired: 'Senha é obrigatória',
  loginFailed: 'Erro ao fazer login',
  wrongCredentials: 'Email ou senha incorretos',
  accountDisabled: 'Conta desativada. Entre em contato com o suporte.',
  tooManyAttempts: 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
  invalidServerResponse: 'Resposta inválida do servidor',
  loginSuccess: 'Login realizado com sucesso!',
  logoutSuccess: 'Logout realizado com sucesso',
  registrationRefused: 'Registro de novos usuários não é permitido',
  recoveryRefused: 'Recuperação de senha não é permitida',
  notAuthenticated: 'Usuário não autenticado',
  sessionExpired: 'Sessão expirada. Faça login novamente.',
  invalidToken: 'Sessão inválida. Faça login novamente.',
  // error screen
  errorScreenTitle: 'Oops! Algo deu errado',
  errorScreenNote: 'Se o problema persistir, entre em contato com o suporte.',
  tryAgain: 'Tentar Novamente',
  goToDashboard: 'Ir para Dashboard',
  reloadPage: 'Recarregar Página',
} as const;

/** Interface texts (see ui-texts.ts) of the application itself, the login screen and the error screen. */
export const startUi = {
  // application
  appName: 'Painel de Streaming',
  loading: 'Carregando...',
  notAvailable: 'N/A',
  missingTokenLog: 'Token de autenticação não encontrado:',

  // login screen
  loginTitle: 'Bem-vindo',
  loginSubtitle: 'Entre com suas credenciais para acessar o painel',
  loginEmailLabel: 'E-mail ou Usuário',
  loginEmailPlaceholder: 'seu@email.com ou usuário',
  loginPasswordLabel: 'Senha',
  loginPasswordPlaceholder: 'Digite sua senha',
  showPassword: 'Mostrar senha',
  hidePassword: 'Ocultar senha',
  loginSubmit: 'Entrar no Painel',
  loginSubmitting: 'Entrando...',
  loginHelp: 'Problemas para acessar? Entre em contato',
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

  // error screen
  errorScreenText: 'Ocorreu um erro inesperado ao exibir esta página.',
} as const;
