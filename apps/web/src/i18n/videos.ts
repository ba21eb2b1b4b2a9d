import source from './pt-BR/videos.ts';
import { defineTexts } from './store.ts';

export const videosCatalogue = defineTexts('videos', source);
