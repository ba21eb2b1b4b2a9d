import source from './pt-BR/relay.ts';
import { defineTexts } from './runtime.ts';

export const relayCatalogue = defineTexts('relay', source);
