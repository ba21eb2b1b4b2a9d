import source from './pt-BR/audience.ts';
import { defineTexts } from './store.ts';

export const audienceCatalogue = defineTexts('audience', source);
