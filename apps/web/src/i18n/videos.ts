import source from './pt-BR/videos.ts';
import { defineTexts } from './runtime.ts';

export const videosCatalogue = defineTexts('videos', source);
