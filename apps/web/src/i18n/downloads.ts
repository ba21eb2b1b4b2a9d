import source from './pt-BR/downloads.ts';
import { defineTexts } from './runtime.ts';

export const downloadsCatalogue = defineTexts('downloads', source);
