import source from './pt-BR/players.ts';
import { defineTexts } from './runtime.ts';

export const playersCatalogue = defineTexts('players', source);
