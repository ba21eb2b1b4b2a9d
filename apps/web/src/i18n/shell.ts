import source from './pt-BR/shell.ts';
import { defineTexts } from './runtime.ts';

export const shellCatalogue = defineTexts('shell', source);
