import source from './pt-BR/conversion.ts';
import { defineTexts } from './runtime.ts';

export const conversionCatalogue = defineTexts('conversion', source);
