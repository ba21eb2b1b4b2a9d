import type { StartTexts } from '../index.ts';

/** The messages of signing in and out, the session and the error screen (contract start-texts.ts), in US English. */
const startTexts: StartTexts = {
  // login and session
  loginRequired: 'Email or username is required',
  passwordRequired: 'Password is required',
  loginFailed: 'Sign-in failed',
  wrongCredentials: 'Incorrect email or password',
  accountDisabled: 'Account disabled. Please contact support.',
  tooManyAttempts: 'Too many login attempts. Wait a few minutes and try again.',
  invalidServerResponse: 'Invalid response from the server',
  loginSuccess: 'Signed in successfully!',
  logoutSuccess: 'Signed out successfully',
  registrationRefused: 'New user sign-up isn’t allowed',
  recoveryRefused: 'Password recovery isn’t allowed',
  notAuthenticated: 'You’re not signed in',
  sessionExpired: 'Your session has expired. Please sign in again.',
  invalidToken: 'Invalid session. Please sign in again.',
  // error screen
  errorScreenTitle: 'Oops! Something went wrong',
  errorScreenNote: 'If the problem persists, please contact support.',
  tryAgain: 'Try Again',
  goToDashboard: 'Go to Dashboard',
  reloadPage: 'Reload Page',
};

export default startTexts;
