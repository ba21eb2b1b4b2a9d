import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { bookingSchema, type Booking } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

/** Every booking query (a month of the calendar, the whole list) lives under this prefix. */
export const bookingsQueryKey = ['agendamentos'] as const;
export const monthBookingsQueryKey = (mesAno: string) => [...bookingsQueryKey, 'mes', mesAno] as const;
export const allBookingsQueryKey = [...bookingsQueryKey, 'todos'] as const;

const bookingsSchema = z.array(bookingSchema);

/** GET /api/agendamentos[?mesAno=yyyy-MM]: the bookings occurring in that month, or all of them. */
export function getBookings(mesAno?: string): Promise<Booking[]> {
  return apiRequest(mesAno ? `/api/agendamentos?mesAno=${encodeURIComponent(mesAno)}` : '/api/agendamentos', { schema: bookingsSchema });
}

/** The calendar's month; changing the month asks for that month. */
export function useMonthBookings(mesAno: string) {
  return useQuery({ queryKey: monthBookingsQueryKey(mesAno), queryFn: () => getBookings(mesAno) });
}

/** Every booking, for the filtered list. */
export function useAllBookings() {
  return useQuery({ queryKey: allBookingsQueryKey, queryFn: () => getBookings() });
}
