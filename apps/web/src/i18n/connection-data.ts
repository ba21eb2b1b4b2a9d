import source from './pt-BR/connection-data.ts';
import { defineTexts } from './store.ts';

export const connectionDataCatalogue = defineTexts('connection-data', source);
