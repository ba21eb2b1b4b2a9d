import source from './pt-BR/schedules.ts';
import { defineTexts } from './store.ts';

export const schedulesCatalogue = defineTexts('schedules', source);
