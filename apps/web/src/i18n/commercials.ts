import source from './pt-BR/commercials.ts';
import { defineTexts } from './store.ts';

export const commercialsCatalogue = defineTexts('commercials', source);
