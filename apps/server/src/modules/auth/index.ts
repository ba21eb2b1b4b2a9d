import { createTokens } from '../../platform/auth.ts';
import { secret } from '../../platform/secrets.ts';
import { defineModule } from '../module.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService, type AuthService } from './auth.service.ts';
import { createLoginThrottle } from './login-throttle.ts';

declare module '../module.ts' {
  interface Services {
    auth: AuthService;
  }
}

/** Login, session and logout. The API's requireAuth is this module's authenticate. */
export const authModule = defineModule({
  name: 'auth',
  services: {
    auth: ({ config, store, accounts, options }) => createAuthService({
      db: store.db, accounts,
      tokens: createTokens(secret(config.dataDir, 'jwt.key'), config.jwtTtlSeconds),
      throttle: createLoginThrottle({ db: store.db, ...config.login, ...(options.loginClock ? { now: options.loginClock } : {}) }),
    }),
  },
  routes: (app, { services }) => authRoutes(app, services.auth, app.requireAuth),
});
