import source from './pt-BR/commercials.ts';
import { defineTexts } from './runtime.ts';

export const commercialsCatalogue = defineTexts('commercials', source);
