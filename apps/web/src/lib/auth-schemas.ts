import { loginBody, loginResponse, meResponse } from '@painel/contract';

/**
 * The session's validation rules: the login form, the login answer and GET /api/auth/me. Loaded
 * apart (see loadAuthSchemas in auth.ts), so the login screen paints before zod arrives.
 */
export { loginBody, loginResponse, meResponse };
