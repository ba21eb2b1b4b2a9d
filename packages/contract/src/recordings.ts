import { z } from 'zod';
import { coded } from './coded.ts';

/*
 * Recordings of broadcasts into the library ('Gravar transmissões'). Every call needs the
 * session and acts on the acting account; another account's recordings are never listed.
 *
 *   GET /api/gravacoes/config           → { success, ativo }
 *   PUT /api/gravacoes/config  {ativo}  → { success, ativo }                           400
 *   GET /api/gravacoes                  → { success, gravando, gravacoes: Recording[] } (newest first, 20)
 *   PUT /api/gravacoes/atual   {ativo}  → { success, ativo }                           400 404
 *       (records, or stops recording, the OBS broadcast on air now; 404 no_active_transmission when OBS is not publishing)
 *
 * With `ativo` on, every OBS broadcast is recorded. `enable_recording` on
 * `POST /api/streaming/start` decides for that broadcast (true records it with the setting off,
 * false does not record it with the setting on). Each recording is copied without re-encoding,
 * and when the broadcast ends (and did not come back within RECORDING_RESUME_GAP_S) it becomes
 * one MP4 in the folder RECORDINGS_FOLDER, named by its title and start time, probed, and a
 * playlist candidate like any video.
 */

/** The library folder recordings go to (created when missing). */
export const RECORDINGS_FOLDER = 'Gravações';
/** A broadcast that comes back within this many seconds of a drop continues the same recording. */
export const RECORDING_RESUME_GAP_S = 60;

/** The server's Portuguese texts of recordings (the web has them in its catalogues). */
export const recordingMsg = {
  configSaved: 'Configuração de gravação salva',
};

export const recordingConfigBody = z.object({ ativo: z.boolean(coded('invalid_data')) });
export type RecordingConfigBody = z.infer<typeof recordingConfigBody>;

export const recordingConfigSchema = z.object({ success: z.literal(true), ativo: z.boolean() });
export type RecordingConfig = z.infer<typeof recordingConfigSchema>;

/**
 * gravando: a recorder runs or is about to; pausada: the broadcast dropped, a resume within the
 * gap continues it; finalizando: being joined into the MP4; concluida: in the library; falhou.
 */
export const RECORDING_STATES = ['gravando', 'pausada', 'finalizando', 'concluida', 'falhou'] as const;
export type RecordingState = (typeof RECORDING_STATES)[number];

/** Why a recording stopped before its broadcast ended: the plan's storage, the server's disk. */
export const RECORDING_STOP_REASONS = ['quota', 'disk_full'] as const;

export const recordingSchema = z.object({
  id: z.number(),
  titulo: z.string(),
  estado: z.enum(RECORDING_STATES),
  motivo_parada: z.enum(RECORDING_STOP_REASONS).nullable(),
  /** The message of the stop or the failure (Portuguese) and its catalogue code. */
  aviso: z.string().nullable(),
  codigo_aviso: z.string().nullable(),
  iniciada_em: z.string(),
  terminada_em: z.string().nullable(),
  /** Bytes written so far (the parts being recorded). */
  tamanho: z.number(),
  /** The library video once done. */
  video_id: z.number().nullable(),
});
export type Recording = z.infer<typeof recordingSchema>;

export const recordingsResponseSchema = z.object({
  success: z.literal(true),
  /** True while a recording of the account is being made (recording, paused or being joined). */
  gravando: z.boolean(),
  gravacoes: z.array(recordingSchema),
});
export type RecordingsResponse = z.infer<typeof recordingsResponseSchema>;

/** The OBS broadcast on air is being recorded (or not) after PUT /api/gravacoes/atual. */
export const currentRecordingSchema = z.object({ success: z.literal(true), ativo: z.boolean() });

export const recordingsResponses = {
  'PUT /api/gravacoes/atual': currentRecordingSchema,
  'GET /api/gravacoes/config': recordingConfigSchema,
  'PUT /api/gravacoes/config': recordingConfigSchema,
  'GET /api/gravacoes': recordingsResponseSchema,
};
