import source from './pt-BR/dashboard.ts';
import { defineTexts } from './store.ts';

export const dashboardCatalogue = defineTexts('dashboard', source);
