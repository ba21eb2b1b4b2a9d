import type { StartTexts } from '../index.ts';
import { serverErrorTexts as e } from './server-errors.ts';

/** The messages of signing in and out, the session and the error screen (contract start-texts.ts), in US English. */
const startTexts: StartTexts = {
  // login and session
  loginRequired: e.login_required,
  passwordRequired: e.password_required,
  loginFailed: 'Sign-in failed',
  wrongCredentials: e.wrong_credentials,
  accountDisabled: e.account_disabled,
  tooManyAttempts: e.too_many_attempts,
  invalidServerResponse: 'Invalid response from the server',
  loginSuccess: 'Signed in successfully!',
  logoutSuccess: 'Signed out successfully',
  registrationRefused: e.registration_refused,
  recoveryRefused: e.recovery_refused,
  notAuthenticated: e.not_authenticated,
  sessionExpired: e.session_expired,
  invalidToken: e.invalid_token,
  // error screen
  errorScreenTitle: 'Oops! Something went wrong',
  errorScreenNote: 'If the problem persists, please contact support.',
  tryAgain: 'Try Again',
  goToDashboard: 'Go to Dashboard',
  reloadPage: 'Reload Page',
};

export default startTexts;
