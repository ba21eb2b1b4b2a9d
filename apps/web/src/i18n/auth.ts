import type source from './pt-BR/auth.ts';
import { apart, defineTexts } from './store.ts';

/** A catalogue of the first pages: its Portuguese is loaded apart, so a browser in another language loads only its own. */
export const authCatalogue = defineTexts('auth', apart<typeof source>());
