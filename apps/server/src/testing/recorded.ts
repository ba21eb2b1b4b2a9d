import path from 'node:path';
import Database from 'better-sqlite3';
import { execCapture } from '../platform/exec.ts';

/**
 * The file of a library video on disk (DATA_DIR/storage/{login}/{folder}/{file}), read from the
 * panel's SQLite database beside the running processes (WAL: a reader does not block them).
 */
export function videoFile(dataDir: string, videoId: number): string {
  const db = new Database(path.join(dataDir, 'painel.db'), { readonly: true, fileMustExist: true });
  try {
    const v = db.prepare('SELECT v.arquivo, f.nome AS pasta, a.usuario FROM videos v JOIN folders f ON f.id = v.folder_id JOIN accounts a ON a.id = f.user_id WHERE v.id = ?')
      .get(videoId) as { arquivo: string; pasta: string; usuario: string } | undefined;
    if (!v) throw new Error(`vídeo ${videoId} não encontrado`);
    return path.join(dataDir, 'storage', v.usuario, v.pasta, v.arquivo);
  } finally {
    db.close();
  }
}

/** ffprobe's duration of a file (seconds; NaN when it has none). */
export async function probeDuration(file: string): Promise<number> {
  const p = await execCapture('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { timeoutMs: 20_000 });
  return Number(p.stdout.trim() || NaN);
}

/** ffprobe's duration, and what a decode of the whole file printed as errors (empty: it plays to the end). */
export async function playable(file: string): Promise<{ duration: number; errors: string }> {
  const duration = await probeDuration(file);
  const d = await execCapture('ffmpeg', ['-nostdin', '-v', 'error', '-i', file, '-f', 'null', '-'], { timeoutMs: 60_000 });
  return { duration, errors: d.stderr.trim() + (d.code === 0 ? '' : ` (código ${d.code})`) };
}
