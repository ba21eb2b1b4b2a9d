import source from './pt-BR/players.ts';
import { defineTexts } from './store.ts';

export const playersCatalogue = defineTexts('players', source);
