import source from './pt-BR/audience.ts';
import { defineTexts } from './runtime.ts';

export const audienceCatalogue = defineTexts('audience', source);
