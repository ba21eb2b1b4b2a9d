import type { StatusResponse } from '@painel/contract';

/** The dashboard's texts of the standby signal, in the panel's language. */
export interface StandbyTexts {
  standbyOnAir: string;
  standbyOnAirImage: string;
  standbyOnAirPlaylist: (values: { name: string }) => string;
  standbyArmed: string;
}

/**
 * What the dashboard says of the OBS broadcast's standby signal: on air (OBS away), naming the
 * slate or the playlist when the status gives it; armed behind OBS; nothing when there is none.
 */
export function standbyText(
  status: Pick<StatusResponse, 'sinal_reserva'> & { transmission: Pick<NonNullable<StatusResponse['transmission']>, 'playlist_nome'> | null },
  texts: StandbyTexts,
): { onAir: boolean; text: string } | null {
  const standby = status.sinal_reserva;
  if (!standby) return null;
  if (!standby.no_ar) return { onAir: false, text: texts.standbyArmed };
  if (standby.tipo === 'imagem') return { onAir: true, text: texts.standbyOnAirImage };
  const name = status.transmission?.playlist_nome;
  return { onAir: true, text: name ? texts.standbyOnAirPlaylist({ name }) : texts.standbyOnAir };
}
