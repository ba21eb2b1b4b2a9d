import source from './pt-BR/common.ts';
import { defineTexts } from './runtime.ts';

export const commonCatalogue = defineTexts('common', source);
