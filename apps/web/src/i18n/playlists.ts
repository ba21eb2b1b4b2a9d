import source from './pt-BR/playlists.ts';
import { defineTexts } from './store.ts';

export const playlistsCatalogue = defineTexts('playlists', source);
