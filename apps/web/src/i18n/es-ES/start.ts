import type { StartTexts } from '../index.ts';

/** The messages of signing in and out, the session and the error screen (contract start-texts.ts), in Latin-American Spanish. */
const startTexts: StartTexts = {
  // login and session
  loginRequired: 'El correo electrónico o el usuario es obligatorio',
  passwordRequired: 'La contraseña es obligatoria',
  loginFailed: 'No se pudo iniciar sesión',
  wrongCredentials: 'Correo electrónico o contraseña incorrectos',
  accountDisabled: 'Cuenta desactivada. Comunícate con soporte.',
  tooManyAttempts: 'Demasiados intentos de inicio de sesión. Espera unos minutos y vuelve a intentarlo.',
  invalidServerResponse: 'Respuesta no válida del servidor',
  loginSuccess: '¡Sesión iniciada correctamente!',
  logoutSuccess: 'Sesión cerrada correctamente',
  registrationRefused: 'No se permite el registro de nuevos usuarios',
  recoveryRefused: 'No se permite la recuperación de contraseña',
  notAuthenticated: 'Usuario no autenticado',
  sessionExpired: 'Tu sesión expiró. Vuelve a iniciar sesión.',
  invalidToken: 'Sesión no válida. Vuelve a iniciar sesión.',
  // error screen
  errorScreenTitle: '¡Ups! Algo salió mal',
  errorScreenNote: 'Si el problema continúa, comunícate con soporte.',
  tryAgain: 'Intentar de nuevo',
  goToDashboard: 'Ir al Dashboard',
  reloadPage: 'Recargar página',
};

export default startTexts;
