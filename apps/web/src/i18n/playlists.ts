import source from './pt-BR/playlists.ts';
import { defineTexts } from './runtime.ts';

export const playlistsCatalogue = defineTexts('playlists', source);
