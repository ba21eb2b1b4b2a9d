import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { bearerHeader, type Harness } from './harness.ts';
import { hookToken } from '../modules/streaming/ingest.service.ts';

/**
 * Puts a channel on air without a media server: nginx's publish callback opens the broadcast,
 * and the playlist nginx would write is written, so players and HLS clients see it live.
 */
export async function goLive(h: Harness, login: string, token: string, clientid: string): Promise<void> {
  const conn = await h.app.inject({ url: '/api/dados-conexao', headers: bearerHeader(token) });
  const key = (conn.json().rtmp.chave as string).split('?key=')[1]!;
  const r = await h.app.inject({
    method: 'POST', url: `/api/rtmp/hook/${hookToken(h.config.dataDir)}/publish`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ app: 'live', name: `${login}_live`, key, clientid, addr: '127.0.0.1' }).toString(),
  });
  assert.equal(r.statusCode, 200);
  fs.mkdirSync(path.join(h.config.dataDir, 'hls'), { recursive: true });
  fs.writeFileSync(path.join(h.config.dataDir, 'hls', `${login}_live.m3u8`), '#EXTM3U\n#EXTINF:2.000,\nx-0.ts\n');
}
