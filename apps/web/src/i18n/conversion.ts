import source from './pt-BR/conversion.ts';
import { defineTexts } from './store.ts';

export const conversionCatalogue = defineTexts('conversion', source);
