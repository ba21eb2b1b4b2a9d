import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingSavedSchema, type BookingBody } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { bookingsQueryKey } from './get-bookings.ts';

/** POST /api/agendamentos: answers the server's message. */
export async function createBooking(body: BookingBody): Promise<string> {
  return (await apiRequest('/api/agendamentos', { method: 'POST', body, schema: bookingSavedSchema })).message;
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['agendamentos', 'create'],
    mutationFn: createBooking,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
  });
}
