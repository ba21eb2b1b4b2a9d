import source from './pt-BR/multiplatform-app.ts';
import { defineTexts } from './runtime.ts';

export const multiplatformAppCatalogue = defineTexts('multiplatform-app', source);
