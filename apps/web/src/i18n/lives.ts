import source from './pt-BR/lives.ts';
import { defineTexts } from './runtime.ts';

export const livesCatalogue = defineTexts('lives', source);
