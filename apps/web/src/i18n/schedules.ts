import source from './pt-BR/schedules.ts';
import { defineTexts } from './runtime.ts';

export const schedulesCatalogue = defineTexts('schedules', source);
