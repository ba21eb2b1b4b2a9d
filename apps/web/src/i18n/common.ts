import source from './pt-BR/common.ts';
import { defineTexts } from './store.ts';

export const commonCatalogue = defineTexts('common', source);
