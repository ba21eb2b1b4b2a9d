import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { bookingsQueryKey } from './get-bookings.ts';

/** DELETE /api/agendamentos/{id} */
export async function deleteBooking(id: number): Promise<void> {
  await apiRequest(`/api/agendamentos/${id}`, { method: 'DELETE', schema: messageResponseSchema });
}

export function useDeleteBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['agendamentos', 'delete'],
    mutationFn: deleteBooking,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
  });
}
