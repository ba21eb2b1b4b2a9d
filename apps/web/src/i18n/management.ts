import source from './pt-BR/management.ts';
import { defineTexts } from './store.ts';

export const managementCatalogue = defineTexts('management', source);
