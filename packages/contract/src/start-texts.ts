/**
 * The messages of signing in and out, the session and the error screen. They belong to `msg`
 * (messages.ts) like any other message, which spreads them in; they are kept in this small file
 * so the login screen, the first page most visitors open, loads these alone instead of all of
 * `msg`. The screens' own texts are in the web app (apps/web/src/i18n).
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

