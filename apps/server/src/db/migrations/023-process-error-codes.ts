import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Why a media process (a restream, a playout, a relay, a recorder, a standby) ended in error or
 * keeps failing is stored by code (`media_processes.error_code`, packages/contract errors.ts) and
 * the values of its message (`error_values`, JSON), beside the Portuguese text `error` keeps (as a
 * job keeps its own): code compares the code, and the panel shows the reason in its user's
 * language. The texts the panel wrote become their codes (with the values read back from the
 * text where the message has any); any other text was the program's own output (ffmpeg's last
 * lines): it becomes 'process_output', the text itself its only value. The texts are written out
 * here as they were stored, so a later change of the catalogue does not change what this reads.
 */
const CODES: Record<string, string> = {
  'Não foi possível executar o processo por um erro interno': 'process_failed',
  'O destino recusou a transmissão: confira o servidor RTMP e a chave': 'live_refused',
  'Recurso não encontrado': 'not_found',
  'Playlist não encontrada': 'playlist_not_found',
  'A playlist deve ter pelo menos um vídeo': 'playlist_empty',
  'Nenhum vídeo da playlist pôde ser reproduzido: os arquivos estão ausentes ou danificados': 'playlist_all_broken',
  'Conta desativada. Entre em contato com o suporte.': 'account_disabled',
  'A gravação parou: o disco do servidor ficou cheio. A transmissão continua no ar; o que foi gravado foi mantido.': 'recording_disk_full',
  'a transmissão ainda não tem fragmentos': 'recording_no_fragments',
  'a transmissão não tem fragmentos novos': 'recording_no_new_fragments',
  'URL do relay é obrigatória': 'relay_url_required',
  'Use um endereço rtmp:// ou um endereço https:// de uma playlist .m3u8': 'relay_url_form',
};

/** The texts written from values: the code and the values read back from the text. */
const PATTERNS: { re: RegExp; code: string; values: (m: RegExpExecArray) => Record<string, unknown> }[] = [
  { re: /^Limite de lives simultâneas do plano atingido \((\d+)\)\. Finalize uma live para iniciar outra\.$/, code: 'live_limit_running', values: (m) => ({ max: Number(m[1]) }) },
  { re: /^O vídeo da fonte está em (.+); o relay aceita apenas H\.264$/, code: 'relay_video_codec', values: (m) => ({ codec: m[1] }) },
  { re: /^A fonte do relay ficou (\d+) minutos sem responder; o relay foi desativado$/, code: 'relay_gave_up', values: (m) => ({ minutes: Number(m[1]) }) },
  { re: /^Não foi possível iniciar o processo: dados inválidos(?: \((.*)\))?$/s, code: 'process_invalid_data', values: (m) => (m[1] === undefined ? {} : { detalhe: m[1] }) },
  { re: /^Servidor não encontrado: (\S+)\. Confira o endereço\.$/, code: 'outbound_unresolvable', values: (m) => ({ host: m[1] }) },
  { re: /^Endereço não permitido: (\S+) aponta para uma rede interna, não para a internet\.$/, code: 'outbound_private', values: (m) => ({ host: m[1] }) },
  {
    re: /^Endereço inválido: use um endereço ([a-z]+:\/\/(?: ou [a-z]+:\/\/)*) completo$/, code: 'outbound_invalid_url',
    values: (m) => ({ schemes: m[1]!.split(' ou ').map((s) => s.replace(/:\/\/$/, '')) }),
  },
  { re: /^([a-z]+): Recurso não encontrado$/, code: 'process_kind_unknown', values: (m) => ({ kind: m[1] }) },
];

/** The code and values (JSON, or null) of a text the panel stored. */
function processErrorCodeOf(text: string): { code: string; values: string | null } {
  const fixed = CODES[text];
  if (fixed) return { code: fixed, values: null };
  for (const p of PATTERNS) {
    const m = p.re.exec(text);
    if (m) return { code: p.code, values: JSON.stringify(p.values(m)) };
  }
  return { code: 'process_output', values: JSON.stringify({ detalhe: text }) };
}

export const processErrorCodes = (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('media_processes').addColumn('error_code', 'text').execute();
    await db.schema.alterTable('media_processes').addColumn('error_values', 'text').execute();
    // one update per distinct text: many rows share the same reason
    const texts = await db.selectFrom('media_processes').select('error').distinct().where('error', 'is not', null).execute() as { error: string }[];
    for (const { error } of texts) {
      const { code, values } = processErrorCodeOf(error);
      await db.updateTable('media_processes').set({ error_code: code, error_values: values }).where('error', '=', error).execute();
    }
  },
});
