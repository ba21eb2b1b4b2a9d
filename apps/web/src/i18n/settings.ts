import source from './pt-BR/settings.ts';
import { defineTexts } from './runtime.ts';

export const settingsCatalogue = defineTexts('settings', source);
