import { LIVE_APPLICATION, streamNameOf } from '@painel/contract';
import { nowIso } from '../../platform/db.ts';
import type { ModuleContext } from '../module.ts';
import { END_REASONS } from '../streaming/reconcile.ts';

/**
 * What suspending an account does at once, besides refusing its logins: everything it has on air
 * stops. The channel's source (playlist broadcast or relay) and its broadcast end, every other
 * engine row (restreams, scheduled ones too) is set to stopped, and an OBS broadcast ends with its
 * encoder dropped. Nothing here is undone by a reactivation: the rows stay stopped, and the
 * engine, the schedules and nginx's on_publish refuse a suspended account meanwhile.
 */
export function createAccountEffects(ctx: Pick<ModuleContext, 'store' | 'services' | 'accounts'>) {
  const db = ctx.store.db;

  async function stopAccount(userId: number): Promise<void> {
    const { services } = ctx;
    // the channel's source: its engine row stops and its broadcast ends with the reason
    await services.channel.end(userId, END_REASONS.disabled);
    // every other row of the engine: restreams (lives), running or still to start
    await db.transaction().execute((tx) => services.processes.stopAll(tx, userId));
    // broadcasts still open (OBS, or waiting for it): ended, and the encoder on air dropped
    const open = await services.transmissions.notEndedOfUser(db, userId);
    for (const t of open) {
      if (await services.transmissions.end(db, t.id, nowIso(), END_REASONS.disabled) && t.status === 'live') {
        await services.activity.record(userId, 'transmission_ended', t.titulo);
      }
    }
    // nginx may still have a publisher under the channel's name (the worker's reconcile repeats this)
    const account = await ctx.accounts.get(db, userId);
    const names = new Set([...open.map((t) => t.stream_name), ...(account ? [streamNameOf(account.usuario)] : [])]);
    for (const name of names) await services.media.dropPublisher(name).catch(() => false);
  }

  /**
   * Waits until nginx no longer has the account's channel publishing (at most `ms`): its source
   * was asked to stop, and the worker stops it within a pass. True when it left in time.
   */
  async function offAir(login: string, ms = 8000): Promise<boolean> {
    const name = streamNameOf(login);
    const until = Date.now() + ms;
    for (;;) {
      const st = await ctx.services.media.stat().catch(() => null);
      // no answer from nginx: nothing of it can be publishing through it either
      if (!st || !st.streams.some((x) => x.app === LIVE_APPLICATION && x.name === name && x.publishing)) return true;
      if (Date.now() >= until) return false;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  return {
    stopAccount,
    offAir,
    /** Every account given, one after the other; one that fails does not keep the others on air. */
    async stopAccounts(ids: readonly number[]): Promise<void> {
      let failure: unknown;
      for (const id of ids) await stopAccount(id).catch((e: unknown) => (failure ??= e));
      if (failure) throw failure;
    },
  };
}
export type AccountEffects = ReturnType<typeof createAccountEffects>;
