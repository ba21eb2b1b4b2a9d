import source from './pt-BR/relay.ts';
import { defineTexts } from './store.ts';

export const relayCatalogue = defineTexts('relay', source);
