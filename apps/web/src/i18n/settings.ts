import source from './pt-BR/settings.ts';
import { defineTexts } from './store.ts';

export const settingsCatalogue = defineTexts('settings', source);
