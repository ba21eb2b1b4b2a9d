import source from './pt-BR/connection-data.ts';
import { defineTexts } from './runtime.ts';

export const connectionDataCatalogue = defineTexts('connection-data', source);
