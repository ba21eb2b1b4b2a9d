import source from './pt-BR/android-app.ts';
import { defineTexts } from './store.ts';

export const androidAppCatalogue = defineTexts('android-app', source);
