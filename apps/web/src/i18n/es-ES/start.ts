import type { StartTexts } from '../index.ts';
import { serverErrorTexts as e } from './server-errors.ts';

/** The messages of signing in and out, the session and the error screen (contract start-texts.ts), in Latin-American Spanish. */
const startTexts: StartTexts = {
  // login and session
  loginRequired: e.login_required,
  passwordRequired: e.password_required,
  loginFailed: 'No se pudo iniciar sesión',
  wrongCredentials: e.wrong_credentials,
  accountDisabled: e.account_disabled,
  tooManyAttempts: e.too_many_attempts,
  invalidServerResponse: 'Respuesta no válida del servidor',
  loginSuccess: '¡Sesión iniciada correctamente!',
  logoutSuccess: 'Sesión cerrada correctamente',
  registrationRefused: e.registration_refused,
  recoveryRefused: e.recovery_refused,
  notAuthenticated: e.not_authenticated,
  sessionExpired: e.session_expired,
  invalidToken: e.invalid_token,
  // error screen
  errorScreenTitle: '¡Ups! Algo salió mal',
  errorScreenNote: 'Si el problema continúa, comunícate con soporte.',
  tryAgain: 'Intentar de nuevo',
  goToDashboard: 'Ir al Dashboard',
  reloadPage: 'Recargar página',
};

export default startTexts;
