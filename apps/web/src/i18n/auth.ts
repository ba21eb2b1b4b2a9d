import source from './pt-BR/auth.ts';
import { defineTexts } from './runtime.ts';

export const authCatalogue = defineTexts('auth', source);
