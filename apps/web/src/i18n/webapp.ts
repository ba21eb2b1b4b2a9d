import source from './pt-BR/webapp.ts';
import { defineTexts } from './store.ts';

export const webappCatalogue = defineTexts('webapp', source);
