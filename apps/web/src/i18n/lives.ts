import source from './pt-BR/lives.ts';
import { defineTexts } from './store.ts';

export const livesCatalogue = defineTexts('lives', source);
