import type source from './pt-BR/common.ts';
import { apart, defineTexts } from './store.ts';

/** A catalogue of the first pages: its Portuguese is loaded apart, so a browser in another language loads only its own. */
export const commonCatalogue = defineTexts('common', apart<typeof source>());
