import { slateLoopArgs } from '@painel/media/slate';
import type { Config } from '../../platform/config.ts';
import { AppError } from '../../platform/errors.ts';
import type { AccountRow } from '../accounts/accounts.repo.ts';
import { channelPublishUrl, hidePublishTokens } from '../channel/sources.ts';
import type { ChildFactory } from '../engine/engine.ts';
import { outputProgress } from '../engine/output-progress.ts';

/**
 * The worker's child of a standby slate (kind 'reserva'): ffmpeg loops the account's slate video
 * at its own pace into the account's channel on this node's nginx, with the token that tells the
 * on_publish callback it is this standby. The slate is made first when it is missing.
 */
export function slateChild(deps: {
  config: Config;
  accountOf: (userId: number) => Promise<AccountRow | undefined>;
  ensureSlate: (userId: number) => Promise<string>;
}): ChildFactory {
  const { config } = deps;
  return async (row) => {
    const account = await deps.accountOf(row.user_id);
    if (!account) throw new AppError('not_found');
    const video = await deps.ensureSlate(row.user_id);
    const destination = channelPublishUrl(config, account.usuario, 'reserva', row.id);
    return {
      command: config.media.ffmpegBin,
      args: slateLoopArgs({ video, destination, localHost: config.media.rtmpLocalHost }),
      redact: hidePublishTokens,
      progress: outputProgress,
      permanent: () => null,
    };
  };
}
