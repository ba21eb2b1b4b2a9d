import { defineModule } from '../module.ts';
import { createPlaylistsRepo } from './playlists.repo.ts';
import { playlistsRoutes } from './playlists.routes.ts';
import { createPlaylistsService, type PlaylistsService } from './playlists.service.ts';

declare module '../module.ts' {
  interface Services {
    playlists: PlaylistsService;
  }
}

/** Playlists of the account's videos (the 24/7 channel plays them). */
export const playlistsModule = defineModule({
  name: 'playlists',
  services: {
    playlists: ({ store, library, services }) => createPlaylistsService({
      db: store.db, repo: createPlaylistsRepo(), library, onAir: (id) => services.playout.onAir(id),
    }),
  },
  routes: (app, { services }) => playlistsRoutes(app, services.playlists),
});
