import type source from './pt-BR/dashboard.ts';
import { apart, defineTexts } from './store.ts';

/** A catalogue of the first pages: its Portuguese is loaded apart, so a browser in another language loads only its own. */
export const dashboardCatalogue = defineTexts('dashboard', apart<typeof source>());
