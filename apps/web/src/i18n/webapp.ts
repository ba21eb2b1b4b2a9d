import source from './pt-BR/webapp.ts';
import { defineTexts } from './runtime.ts';

export const webappCatalogue = defineTexts('webapp', source);
