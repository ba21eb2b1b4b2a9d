import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { errorText, type ServerErrorCode } from '@painel/contract';
import { openDb, type OpenDb } from '../../platform/db.ts';
import { createScratchDatabase, type ScratchDatabase } from '../../testing/scratch-database.ts';
import { migrations } from './index.ts';

/**
 * A fresh SQLite file, or a fresh PostgreSQL database when TEST_PG_ADMIN_URL is set, that each
 * test migrates up to an older version, fills as an installation of that time, then upgrades.
 */
function upgradedInstallation() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-migration-'));
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  let scratch: ScratchDatabase | undefined;
  let store: OpenDb;

  before(async () => {
    scratch = adminUrl ? await createScratchDatabase(adminUrl) : undefined;
    store = openDb({ databaseUrl: scratch?.url, dataDir });
  });
  after(async () => {
    await store.db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  });
  return () => {
    const db = store.db as unknown as Kysely<any>;
    return { db, migrator: new Migrator({ db, provider: { getMigrations: async () => migrations(store.dialect) } }) };
  };
}

/** An installation upgraded with APK builds already made: each row's number becomes its name. */
describe('migration 012: states stored by name', () => {
  const open = upgradedInstallation();

  test("an APK build's 0, 1 and 2 become 'building', 'done' and 'error'; nothing else of the row changes", async () => {
    const { db, migrator } = open();
    const upTo011 = await migrator.migrateTo('011-push-limits');
    assert.equal(upTo011.error, undefined);

    const at = '2026-01-02T03:04:05.000Z';
    const { id: userId } = await db.insertInto('accounts').values({
      email: 'apk@exemplo.com.br', usuario: 'apk', nome: 'APK', tipo: 'streaming', password_hash: 'x', ftp_password: 'x',
      bitrate: 2500, espectadores: 100, espaco: 1000, created_at: at, updated_at: at,
    }).returning('id').executeTakeFirstOrThrow();
    const app = (status: number, zip: string | null, aviso: string) =>
      ({ user_id: userId, origem: 'android', nome: `TV ${status}`, versao: '1.0', status, aviso, zip, created_at: at, updated_at: at });
    await db.insertInto('android_apps').values([app(0, null, ''), app(1, 'tv-1.apk', ''), app(2, null, 'Falhou')]).execute();

    const latest = await migrator.migrateToLatest();
    assert.equal(latest.error, undefined);
    const ran = latest.results?.map((r) => [r.migrationName, r.status]) ?? [];
    assert.deepEqual(ran[0], ['012-named-states', 'Success']);
    assert.ok(ran.every(([, status]) => status === 'Success'), JSON.stringify(ran));

    const rows = await db.selectFrom('android_apps').select(['nome', 'state', 'zip', 'aviso', 'versao', 'origem', 'created_at']).orderBy('id').execute();
    assert.deepEqual(rows, [
      { nome: 'TV 0', state: 'building', zip: null, aviso: '', versao: '1.0', origem: 'android', created_at: at },
      { nome: 'TV 1', state: 'done', zip: 'tv-1.apk', aviso: '', versao: '1.0', origem: 'android', created_at: at },
      { nome: 'TV 2', state: 'error', zip: null, aviso: 'Falhou', versao: '1.0', origem: 'android', created_at: at },
    ]);
    // the number is gone: nothing can read or write the old column by mistake
    await assert.rejects(sql`SELECT status FROM android_apps`.execute(db));
    // a row made without a state is a build just asked
    await db.insertInto('android_apps').values({ user_id: userId, origem: 'android', nome: 'TV', versao: '1.1', created_at: at, updated_at: at }).execute();
    const made = await db.selectFrom('android_apps').select('state').where('versao', '=', '1.1').executeTakeFirstOrThrow();
    assert.equal(made.state, 'building');
  });
});

/**
 * An installation upgraded with suspended accounts: who suspended each is read from the audit
 * log (a reseller's session or key: the reseller's; anyone else, or no entry: the operator's).
 */
describe('migration 021: who suspended an account', () => {
  const open = upgradedInstallation();

  test('0, 1 and 2 become active, suspended by the reseller or by the operator, and suspended with the reseller', async () => {
    const { db, migrator } = open();
    assert.equal((await migrator.migrateTo('020-fallback')).error, undefined);
    const at = '2026-01-02T03:04:05.000Z';
    const add = async (usuario: string, tipo: string, disabled: number, revenda_id: number | null = null) => (await db.insertInto('accounts').values({
      email: `${usuario}@exemplo.com.br`, usuario, nome: usuario, tipo, password_hash: 'x', ftp_password: 'x',
      bitrate: 2500, espectadores: 100, espaco: 1000, disabled, revenda_id, created_at: at, updated_at: at,
    }).returning('id').executeTakeFirstOrThrow()).id as number;
    const operator = await add('operador', 'admin', 0);
    const reseller = await add('revenda', 'revenda', 0);
    const accounts = {
      ativa: await add('ativa', 'streaming', 0, reseller),
      pela_revenda: await add('pela_revenda', 'streaming', 1, reseller),
      pela_chave: await add('pela_chave', 'streaming', 1, reseller),
      pelo_operador: await add('pelo_operador', 'streaming', 1, reseller),
      sem_registro: await add('sem_registro', 'streaming', 1, reseller),
      com_a_revenda: await add('com_a_revenda', 'streaming', 2, reseller),
      avulsa: await add('avulsa', 'streaming', 1),
    };
    await db.insertInto('api_keys').values({ name: 'Cobrança', prefix: 'abcd1234', key_hash: 'h', revenda_id: reseller, created_at: at }).execute();
    const suspended = (account: number, actor_id: number | null, actor: string) =>
      ({ actor_id, actor, account_id: account, account: 'x', revenda_id: reseller, action: 'account_suspended', detail: '', created_at: at });
    await db.insertInto('audit_log').values([
      // the reseller suspended it first; the operator's later entry is the one that counts
      suspended(accounts.pelo_operador, reseller, 'revenda'), suspended(accounts.pelo_operador, operator, 'operador'),
      suspended(accounts.pela_revenda, reseller, 'revenda'),
      suspended(accounts.pela_chave, null, 'api:Cobrança'),
    ]).execute();

    const latest = await migrator.migrateToLatest();
    assert.equal(latest.error, undefined);
    const rows = await db.selectFrom('accounts').select(['usuario', 'suspension']).where('tipo', '=', 'streaming').orderBy('id').execute();
    assert.deepEqual(Object.fromEntries(rows.map((r) => [r.usuario, r.suspension])), {
      ativa: 'active', pela_revenda: 'suspended_by_reseller', pela_chave: 'suspended_by_reseller', pelo_operador: 'suspended_by_operator',
      sem_registro: 'suspended_by_operator', com_a_revenda: 'suspended_with_reseller', avulsa: 'suspended_by_operator',
    });
    await assert.rejects(sql`SELECT disabled FROM accounts`.execute(db));
  });
});

/** An installation upgraded with ended broadcasts: each reason's Portuguese text becomes its code. */
describe('migration 022: end reasons stored by code', () => {
  const open = upgradedInstallation();

  test("the panel's texts become codes; a source's error becomes 'source_error' with its text kept", async () => {
    const { db, migrator } = open();
    assert.equal((await migrator.migrateTo('021-suspension')).error, undefined);
    const at = '2026-01-02T03:04:05.000Z';
    const userId = (await db.insertInto('accounts').values({
      email: 'fim@exemplo.com.br', usuario: 'fim', nome: 'fim', tipo: 'streaming', password_hash: 'x', ftp_password: 'x',
      bitrate: 2500, espectadores: 100, espaco: 1000, created_at: at, updated_at: at,
    }).returning('id').executeTakeFirstOrThrow()).id as number;
    const broken = 'Nenhum vídeo da playlist pôde ser reproduzido: os arquivos estão ausentes ou danificados';
    const reasons = ['sem sinal', 'conta desativada', 'finalizada pelo usuário', 'fim do sinal', 'substituída', 'chave regenerada', 'expirada', broken, null];
    for (const [i, end_reason] of reasons.entries()) {
      await db.insertInto('transmissions').values({
        user_id: userId, node_id: 1, tipo: 'obs', titulo: `t${i}`, stream_name: 'fim_live', status: end_reason ? 'ended' : 'live',
        platform_ids: '[]', created_at: at, end_reason,
      }).execute();
    }
    assert.equal((await migrator.migrateToLatest()).error, undefined);
    const rows = await db.selectFrom('transmissions').select(['end_reason', 'end_detail']).orderBy('id').execute();
    assert.deepEqual(rows, [
      { end_reason: 'no_signal', end_detail: null }, { end_reason: 'account_disabled', end_detail: null },
      { end_reason: 'ended_by_user', end_detail: null }, { end_reason: 'signal_ended', end_detail: null },
      { end_reason: 'replaced', end_detail: null }, { end_reason: 'key_regenerated', end_detail: null },
      { end_reason: 'expired', end_detail: null }, { end_reason: 'source_error', end_detail: broken },
      { end_reason: null, end_detail: null },
    ]);
  });
});

/**
 * An installation upgraded with media processes that ended in error: each reason's Portuguese
 * text becomes its code (with the values read back from the text where its message has any);
 * anything else was ffmpeg's own output and becomes 'process_output' with the text as its value.
 */
describe('migration 023: process errors stored by code', () => {
  const open = upgradedInstallation();

  test("the panel's texts become codes and values; ffmpeg's output becomes 'process_output'; the text is kept", async () => {
    const { db, migrator } = open();
    assert.equal((await migrator.migrateTo('022-end-reason-codes')).error, undefined);
    const at = '2026-01-02T03:04:05.000Z';
    const userId = (await db.insertInto('accounts').values({
      email: 'erro@exemplo.com.br', usuario: 'erro', nome: 'erro', tipo: 'streaming', password_hash: 'x', ftp_password: 'x',
      bitrate: 2500, espectadores: 100, espaco: 1000, created_at: at, updated_at: at,
    }).returning('id').executeTakeFirstOrThrow()).id as number;
    const ffmpeg = 'restream 9 terminou (código 1): [rtmp @ 0x5581] Server error: Connection refused';
    const errors = [
      'O destino recusou a transmissão: confira o servidor RTMP e a chave',
      'A gravação parou: o disco do servidor ficou cheio. A transmissão continua no ar; o que foi gravado foi mantido.',
      'Não foi possível executar o processo por um erro interno',
      'Conta desativada. Entre em contato com o suporte.',
      'Limite de lives simultâneas do plano atingido (3). Finalize uma live para iniciar outra.',
      'O vídeo da fonte está em hevc; o relay aceita apenas H.264',
      'A fonte do relay ficou 60 minutos sem responder; o relay foi desativado',
      'Não foi possível iniciar o processo: dados inválidos (ERR_INVALID_ARG_VALUE: bad (arg))',
      ffmpeg, ffmpeg,
      null,
    ];
    for (const error of errors) {
      await db.insertInto('media_processes').values({
        user_id: userId, node_id: 1, kind: 'restream', desired: 'stopped', start_at: at, state: error ? 'error' : 'finished', error, state_at: at, created_at: at,
      }).execute();
    }
    assert.equal((await migrator.migrateToLatest()).error, undefined);
    const rows = await db.selectFrom('media_processes').select(['error', 'error_code', 'error_values']).orderBy('id').execute();
    assert.deepEqual(rows.map((r) => r.error), errors, 'the Portuguese text stays');
    assert.deepEqual(rows.map((r) => [r.error_code, r.error_values === null ? null : JSON.parse(r.error_values)]), [
      ['live_refused', null], ['recording_disk_full', null], ['process_failed', null], ['account_disabled', null],
      ['live_limit_running', { max: 3 }], ['relay_video_codec', { codec: 'hevc' }], ['relay_gave_up', { minutes: 60 }],
      ['process_invalid_data', { detalhe: 'ERR_INVALID_ARG_VALUE: bad (arg)' }],
      ['process_output', { detalhe: ffmpeg }], ['process_output', { detalhe: ffmpeg }],
      [null, null],
    ]);
    // each code's message, written from its values, is the text the row had
    for (const r of rows.filter((x) => x.error_code !== null)) {
      const values: unknown = r.error_values === null ? undefined : JSON.parse(r.error_values);
      assert.equal((errorText as (code: ServerErrorCode, v?: unknown) => string)(r.error_code, values), r.error);
    }
  });
});
