import source from './pt-BR/multiplatform-app.ts';
import { defineTexts } from './store.ts';

export const multiplatformAppCatalogue = defineTexts('multiplatform-app', source);
