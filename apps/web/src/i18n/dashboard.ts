import source from './pt-BR/dashboard.ts';
import { defineTexts } from './runtime.ts';

export const dashboardCatalogue = defineTexts('dashboard', source);
