import type { ServerErrorTexts } from './index.ts';
import { defineTranslation } from './store.ts';

/**
 * The server's error messages by code in the panel's language. Their Portuguese is the server's
 * own `error` text, which the panel shows as it comes; only the translations are loaded here.
 */
export const serverErrorCatalogue = defineTranslation<ServerErrorTexts>('server-errors');
