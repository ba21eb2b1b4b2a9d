import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { errorText } from '@painel/contract';
import { nowIso } from '../../platform/db.ts';
import { bearerHeader } from '../../testing/harness.ts';
import { makeChannelClip, newFolder, upload } from '../../testing/library.ts';
import { eventually, startLiveStack, type LiveStack } from '../../testing/live.ts';

interface Account { id: number; email: string; usuario: string; password: string; token: string }
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Every file and folder under a directory, relative to it. */
function walk(root: string, dir = root): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    out.push(path.relative(root, full));
    if (e.isDirectory()) out.push(...walk(root, full));
  }
  return out;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Deleting a streaming, on the real media stack: its playlist broadcast stops, and afterwards
 * nothing of it is left in any table that names an account (discovered from the database) nor
 * under DATA_DIR, except the audit log, which keeps its history by login and records the
 * deletion. Another reseller's id is 404 and changes nothing; a reseller with streamings is
 * refused (409) until it has none.
 */
describe('deleting an account', () => {
  let s: LiveStack;
  let dir: string;
  let operator: Account;
  let reseller: Account;
  let otherReseller: Account;
  let a: Account;
  let b: Account;
  /** Recorded file names of A's rows (logo, APK) and its playout's process id. */
  const named: string[] = [];
  let playoutPid = 0;

  const db = () => s.h.core.store.db;
  const call = (token: string, method: Method, url: string, payload?: object) =>
    s.h.app.inject({ method, url, headers: bearerHeader(token), ...(payload ? { payload } : {}) });
  const account = async (tipo: 'admin' | 'revenda'): Promise<Account> => {
    const x = await s.h.createAccount({ tipo, bitrate: 3000, espectadores: 150, espaco: 5000 });
    await db().updateTable('accounts').set({ max_streamings: tipo === 'revenda' ? 5 : 0 }).where('id', '=', x.id).execute();
    return { ...x, token: await s.h.login(x.email, x.password) };
  };
  const streaming = async (usuario: string): Promise<Account> => {
    const r = await call(reseller.token, 'POST', '/api/revenda/streamings', {
      email: `${usuario}@exemplo.com.br`, usuario, nome: `Canal ${usuario}`, senha: 'senha-do-canal', bitrate: 1000, espectadores: 20, espaco: 1000,
    });
    assert.equal(r.statusCode, 201, r.body);
    const email = `${usuario}@exemplo.com.br`;
    return { id: r.json().streaming.id, email, usuario, password: 'senha-do-canal', token: await s.h.login(email, 'senha-do-canal') };
  };

  /** Every table with a column naming an account, from the database's own catalogue (the audit log apart). */
  async function referencing(id: number): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const t of await db().introspection.getTables()) {
      if (t.name === 'audit_log') continue;
      for (const c of t.columns) {
        if (!/^(user_id|account_id|revenda_id|owner_id|actor_id)$/.test(c.name) && !(t.name === 'accounts' && c.name === 'id')) continue;
        const r = await sql<{ n: number }>`select count(*) as n from ${sql.table(t.name)} where ${sql.ref(c.name)} = ${id}`.execute(db());
        const n = Number(r.rows[0]?.n ?? 0);
        if (n > 0) out[`${t.name}.${c.name}`] = n;
      }
    }
    return out;
  }
  /** What lies under DATA_DIR that belongs to the account: by its login, its id's folders, or a name its rows recorded. */
  const onDisk = (x: { id: number; usuario: string }, recorded: string[] = []) => walk(s.h.config.dataDir).filter((f) => {
    const parts = f.split(path.sep);
    return parts.some((p) => p.includes(x.usuario)) || (['apps', 'fallback'].includes(parts[0]!) && parts[1] === String(x.id))
      || recorded.some((r) => f === r || f.startsWith(`${r}${path.sep}`));
  });

  /**
   * What an account has: a video, a playlist on air, a booking, a logo, its app's files, a built
   * APK, its standby slate and the parts of a recording waiting for its broadcast to come back.
   */
  async function furnish(x: Account, onAir: boolean): Promise<string[]> {
    const folder = await newFolder(s.h, x.token, 'Canal');
    const r = await upload(s.h, x.token, folder, 'um.mp4', makeChannelClip(dir, `${x.usuario}-um`, 'testsrc', 6));
    assert.equal(r.statusCode, 200, r.body);
    const playlist = (await call(x.token, 'POST', '/api/playlists', { nome: 'Manhã' })).json<{ id: number }>().id;
    assert.equal((await call(x.token, 'PUT', `/api/playlists/${playlist}`, { videos: [{ id: r.json().video.id, ordem: 1 }] })).statusCode, 200);
    const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const booking = await call(x.token, 'POST', '/api/agendamentos', {
      data: day, id_playlist: playlist, shuffle: false, frequencia: 'uma_vez', finalizacao: false, id_playlist_finalizacao: null, inicio: `${day} 20:00:00`,
    });
    assert.equal(booking.statusCode, 200, booking.body);
    const at = nowIso();
    const dataDir = s.h.config.dataDir;
    const logo = `${x.id.toString(16).padStart(8, '0')}aaaaaaaaaaaaaaaa.png`;
    fs.mkdirSync(path.join(dataDir, 'logos'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'logos', logo), 'png');
    await db().insertInto('logos').values({ user_id: x.id, nome: 'Logo', arquivo: logo, mime: 'image/png', tamanho: 3, created_at: at }).execute();
    await db().insertInto('webapps').values({ user_id: x.id, nome: `App ${x.usuario}`, cor_splash: '#112233', chat: 0, created_at: at, updated_at: at }).execute();
    fs.mkdirSync(path.join(dataDir, 'apps', String(x.id), 'webapp'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'apps', String(x.id), 'webapp', 'logo.png'), 'png');
    const apk = `${x.usuario}-1-0123456789abcdef.apk`;
    fs.mkdirSync(path.join(dataDir, 'apps', 'apk'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'apps', 'apk', apk), 'apk');
    await db().insertInto('android_apps').values({ user_id: x.id, origem: 'android', nome: 'TV', versao: '1.0', state: 'done', zip: apk, created_at: at, updated_at: at }).execute();
    fs.mkdirSync(path.join(dataDir, 'fallback', String(x.id)), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'fallback', String(x.id), 'sinal.png'), 'png');
    const recording = await db().insertInto('recordings').values({
      user_id: x.id, node_id: 1, transmission_id: null, process_id: null, stream_name: `${x.usuario}_live`, titulo: 'Culto', state: 'paused',
      stop_reason: null, error: null, resume_until: new Date(Date.now() + 3_600_000).toISOString(), video_id: null, started_at: at, ended_at: null, updated_at: at,
    }).returning('id').executeTakeFirstOrThrow();
    const parts = path.join('storage', '.recordings', String(recording.id));
    fs.mkdirSync(path.join(dataDir, parts), { recursive: true });
    fs.writeFileSync(path.join(dataDir, parts, 'parte-1.mp4'), 'mp4');
    const recorded = [path.join('logos', logo), path.join('apps', 'apk', apk), parts];
    if (onAir) {
      assert.equal((await call(x.token, 'POST', '/api/streaming/start', { playlist_id: playlist })).statusCode, 200);
      const row = await eventually(async () => {
        const p = await db().selectFrom('media_processes').select(['id', 'pid']).where('user_id', '=', x.id).where('kind', '=', 'playout').executeTakeFirst();
        return p?.pid ? (await fetch(`${s.apiUrl}/hls/${x.usuario}_live.m3u8`)).ok && p : undefined;
      }, 30_000, 'playlist no ar');
      playoutPid = row.pid!;
      recorded.push(path.join('playout', String(row.id)));
    }
    return recorded;
  }

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-removal-'));
    s = await startLiveStack({ env: { HLS_FRAGMENT_SECONDS: '1', HLS_PLAYLIST_SECONDS: '6' } });
    operator = await account('admin');
    reseller = await account('revenda');
    otherReseller = await account('revenda');
    a = await streaming('canal_apagar');
    b = await streaming('canal_fica');
    named.push(...(await furnish(a, true)));
    await furnish(b, false);
  });
  after(async () => {
    await s?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('outside the scope: 404 (another reseller, a bad id), 403 (a streaming), and nothing changes', async () => {
    for (const [token, url, code] of [
      [otherReseller.token, `/api/revenda/streamings/${a.id}`, 404],
      [otherReseller.token, `/api/revenda/streamings/${operator.id}`, 404],
      [reseller.token, `/api/revenda/streamings/${otherReseller.id}`, 404],
      [reseller.token, '/api/revenda/streamings/abc', 404],
      [b.token, `/api/revenda/streamings/${a.id}`, 403],
    ] as const) {
      assert.equal((await call(token, 'DELETE', url)).statusCode, code, url);
    }
    assert.ok(await s.h.core.accounts.byId(a.id));
    assert.ok(onDisk(a).length > 0);
    assert.ok(alive(playoutPid), 'a playlist segue no ar');
    // a reseller with streamings: refused with its message, nothing deleted
    const refused = await call(operator.token, 'DELETE', `/api/revenda/streamings/${reseller.id}`);
    assert.deepEqual([refused.statusCode, refused.json().code, refused.json().error], [409, 'reseller_has_streamings', errorText('reseller_has_streamings')]);
    assert.ok(await s.h.core.accounts.byId(reseller.id));
    assert.equal((await call(reseller.token, 'GET', '/api/revenda/streamings')).json().streamings.length, 2);
  });

  test('deleted: its broadcast stops, and nothing of it is left in the database or on disk; the other streaming keeps everything', async () => {
    const beforeB = { rows: await referencing(b.id), files: onDisk(b).length };
    assert.ok(Object.keys(await referencing(a.id)).length >= 8, JSON.stringify(await referencing(a.id)));
    const files = onDisk(a, named);
    for (const root of ['storage', 'logos', 'apps', 'fallback', 'playout', 'hls']) assert.ok(files.some((f) => f.startsWith(`${root}${path.sep}`)), `${root}: ${files.join(', ')}`);

    const r = await call(reseller.token, 'DELETE', `/api/revenda/streamings/${a.id}`);
    assert.equal(r.statusCode, 200, r.body);
    assert.deepEqual(r.json(), { success: true });

    await eventually(async () => !alive(playoutPid), 10_000, 'ffmpeg do playout encerrado');
    await eventually(async () => (await fetch(`${s.apiUrl}/hls/${a.usuario}_live.m3u8`)).status === 404, 10_000, 'HLS fora do ar');
    // the worker's HLS sweep may still be writing the last fragments: what is left is read once nginx let go
    await eventually(async () => onDisk(a, named).length === 0 || undefined, 10_000, `arquivos da conta: ${onDisk(a, named).join(', ')}`);
    assert.deepEqual(await referencing(a.id), {});
    assert.deepEqual(onDisk(a, named), []);
    // the login is gone, the session too
    assert.equal((await s.h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: a.email, password: a.password } })).statusCode, 401);
    assert.equal((await call(a.token, 'GET', '/api/auth/me')).statusCode, 401);
    // the audit log keeps the account's history by login, and the deletion
    const audit = (await call(reseller.token, 'GET', '/api/revenda/auditoria')).json().entradas as { autor: string; acao: string; conta: string }[];
    assert.deepEqual(audit[0], { ...audit[0], autor: reseller.usuario, acao: 'account_deleted', conta: a.usuario });
    // the other streaming: untouched
    assert.deepEqual({ rows: await referencing(b.id), files: onDisk(b).length }, beforeB);
    assert.equal((await call(b.token, 'GET', '/api/playlists')).statusCode, 200);
  });

  test('every table naming an account (the audit log apart) cascades from the account\'s row: no module deletes another\'s rows', async () => {
    const naming: string[] = [];
    for (const t of await db().introspection.getTables()) {
      if (t.name === 'audit_log' || t.name === 'accounts' || t.isView) continue;
      for (const c of t.columns) if (c.name === 'user_id' || c.name === 'account_id') naming.push(`${t.name}.${c.name}`);
    }
    // the foreign keys as the database has them: table.column → referenced table and delete rule
    const keys = new Map<string, string>();
    if (s.h.core.store.dialect === 'sqlite') {
      for (const n of naming) {
        const [table] = n.split('.');
        const r = await sql<{ table: string; from: string; on_delete: string }>`select "table", "from", on_delete from pragma_foreign_key_list(${table})`.execute(db());
        for (const k of r.rows) keys.set(`${table}.${k.from}`, `${k.table} ${k.on_delete}`);
      }
    } else {
      const r = await sql<{ t: string; c: string; ref: string; rule: string }>`
        select kcu.table_name as t, kcu.column_name as c, ccu.table_name as ref, rc.delete_rule as rule
        from information_schema.referential_constraints rc
        join information_schema.key_column_usage kcu on kcu.constraint_name = rc.constraint_name and kcu.constraint_schema = rc.constraint_schema
        join information_schema.constraint_column_usage ccu on ccu.constraint_name = rc.unique_constraint_name and ccu.constraint_schema = rc.unique_constraint_schema
        where rc.constraint_schema = current_schema()`.execute(db());
      for (const k of r.rows) keys.set(`${k.t}.${k.c}`, `${k.ref} ${k.rule}`);
    }
    assert.ok(naming.length >= 20, naming.join(', '));
    assert.deepEqual(naming.filter((n) => keys.get(n) !== 'accounts CASCADE').map((n) => `${n}: ${keys.get(n) ?? 'sem chave estrangeira'}`), []);
  });

  test('a reseller without streamings is deleted by the operator; the operator itself is no one\'s to delete', async () => {
    assert.equal((await call(reseller.token, 'DELETE', `/api/revenda/streamings/${b.id}`)).statusCode, 200);
    const r = await call(operator.token, 'DELETE', `/api/revenda/streamings/${reseller.id}`);
    assert.equal(r.statusCode, 200, r.body);
    assert.deepEqual(await referencing(reseller.id), {});
    assert.deepEqual(await referencing(b.id), {});
    assert.deepEqual(onDisk(b), []);
    assert.equal((await call(reseller.token, 'GET', '/api/revenda/streamings')).statusCode, 401);
    assert.equal((await call(operator.token, 'DELETE', `/api/revenda/streamings/${operator.id}`)).statusCode, 404);
    const audit = (await call(operator.token, 'GET', '/api/revenda/auditoria')).json().entradas as { acao: string; conta: string }[];
    assert.deepEqual(audit.slice(0, 2).map((e) => `${e.acao} ${e.conta}`), [`account_deleted ${reseller.usuario}`, `account_deleted ${b.usuario}`]);
  });
});
