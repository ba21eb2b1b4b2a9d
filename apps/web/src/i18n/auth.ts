import source from './pt-BR/auth.ts';
import { defineTexts } from './store.ts';

export const authCatalogue = defineTexts('auth', source);
