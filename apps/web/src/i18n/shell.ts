import source from './pt-BR/shell.ts';
import { defineTexts } from './store.ts';

export const shellCatalogue = defineTexts('shell', source);
