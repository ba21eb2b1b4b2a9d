import source from './pt-BR/downloads.ts';
import { defineTexts } from './store.ts';

export const downloadsCatalogue = defineTexts('downloads', source);
