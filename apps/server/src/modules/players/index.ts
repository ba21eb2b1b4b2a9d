import path from 'node:path';
import { secret } from '../../platform/secrets.ts';
import { ownerOfAccount } from '../library/owner.ts';
import { defineModule } from '../module.ts';
import { createHlsOrigin } from '../streaming/hls-origin.ts';
import { createLogosService, type LogosService } from './logos.service.ts';
import { createPlayersRepo } from './players.repo.ts';
import { playersRoutes } from './players.routes.ts';
import { createPlayersService, type PlayersService } from './players.service.ts';

declare module '../module.ts' {
  interface Services {
    players: PlayersService;
    logos: LogosService;
  }
}

const repo = createPlayersRepo();

/** Players: the embeddable player pages, their settings, watermark and logos. */
export const playersModule = defineModule({
  name: 'players',
  // the watermark logos the account uploaded
  accountFiles: [{
    name: 'logos', root: 'logos', kind: 'carried',
    of: async ({ config }, tx, a) => (await repo.logos(tx, a.id)).map((l) => path.join(config.dataDir, 'logos', path.basename(l.arquivo))),
  }],
  services: {
    logos: ({ store, config, library, services }) => createLogosService({ db: store.db, repo, dataDir: config.dataDir, activity: services.activity, quota: library.quota }),
    players: ({ store, config, accounts, library, services }) => createPlayersService({
      db: store.db, repo, config, accounts, streaming: services.streaming, logos: services.logos, viewers: services.viewers, activity: services.activity,
      vodKey: secret(config.dataDir, 'player-vod.key'), previewKey: secret(config.dataDir, 'player-preview.key'),
      vod: (account, folder, file) => library.videos.content(ownerOfAccount(account), account.usuario, folder, file),
      serverOf: (codigo) => services.servers.serverOf(codigo),
    }),
  },
  routes: (app, { config, services }) =>
    playersRoutes(app, { players: services.players, logos: services.logos, hlsOrigin: createHlsOrigin(config.media).origin }),
});
