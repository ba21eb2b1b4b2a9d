import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { FREQUENCIES, FREQUENCY_LABELS, type Booking } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

/** Every booking query (a month of the calendar, the whole list) lives under this prefix. */
export const bookingsQueryKey = ['agendamentos'] as const;
export const monthBookingsQueryKey = (mesAno: string) => [...bookingsQueryKey, 'mes', mesAno] as const;
export const allBookingsQueryKey = [...bookingsQueryKey, 'todos'] as const;

const yesNo = z.preprocess((v) => (v === true ? 'sim' : v === false ? 'nao' : v), z.enum(['sim', 'nao'])).catch('nao');
// the server sends the code; a label ('Dias da Semana') is read as the code it names
const frequency = z.preprocess(
  (v) => (FREQUENCIES as readonly unknown[]).includes(v) ? v : FREQUENCIES.find((f) => FREQUENCY_LABELS[f] === v) ?? v,
  z.enum(FREQUENCIES),
);

const bookingSchema = z.object({
  id: z.number(),
  data: z.string().catch(''),
  id_playlist: z.coerce.number(),
  nome_playlist_principal: z.string().catch(''),
  shuffle: yesNo,
  frequencia: frequency,
  dias_semana: z.array(z.coerce.number().int().min(0).max(6)).catch([]),
  finalizacao: yesNo,
  nome_playlist_finalizacao: z.string().nullable().catch(null),
  codigo_playlist_finalizacao: z.coerce.number().nullable().catch(null),
  inicio: z.string().catch(''),
  dias: z.array(z.string()).catch([]),
  ultima_execucao: z.string().nullable().catch(null),
  atraso_segundos: z.coerce.number().nullable().catch(null),
});

/** GET /api/agendamentos[?mesAno=yyyy-MM]: the bookings occurring in that month, or all of them. */
export async function getBookings(mesAno?: string): Promise<Booking[]> {
  const data = await apiRequest(mesAno ? `/api/agendamentos?mesAno=${encodeURIComponent(mesAno)}` : '/api/agendamentos');
  if (!Array.isArray(data)) throw new Error('GET /api/agendamentos: not an array');
  return data.flatMap((item) => {
    const r = bookingSchema.safeParse(item);
    return r.success ? [r.data] : [];
  });
}

/** The calendar's month; changing the month asks for that month. */
export function useMonthBookings(mesAno: string) {
  return useQuery({ queryKey: monthBookingsQueryKey(mesAno), queryFn: () => getBookings(mesAno) });
}

/** Every booking, for the filtered list. */
export function useAllBookings() {
  return useQuery({ queryKey: allBookingsQueryKey, queryFn: () => getBookings() });
}
