import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { BookingBody } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { bookingsQueryKey } from './get-bookings.ts';

const responseSchema = z.object({ message: z.string().catch('') });

/** POST /api/agendamentos: answers the server's message. */
export async function createBooking(body: BookingBody): Promise<string> {
  return responseSchema.parse((await apiRequest('/api/agendamentos', { method: 'POST', body })) ?? {}).message;
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['agendamentos', 'create'],
    mutationFn: createBooking,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
  });
}
