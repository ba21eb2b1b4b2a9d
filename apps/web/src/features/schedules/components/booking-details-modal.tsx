import { toast } from '@/lib/toast.ts';
import CalendarPlus from 'lucide-react/icons/calendar-plus';
import Trash2 from 'lucide-react/icons/trash-2';
import type { Booking } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { schedulesCatalogue } from '@/i18n/schedules.ts';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useDateTimeFormat } from '@/lib/datetime.ts';
import { formatTimeSpan } from '@/lib/format.ts';
import { useDeleteBooking } from '../api/delete-booking.ts';
import { formatWallTime, frequencyText } from '../utils/booking-dates.ts';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';

/** One booking's facts: the spec's fields, and when the scheduler last started it. */
function BookingFacts({ booking: b, onDelete, deleting }: { booking: Booking; onDelete: () => void; deleting: boolean }) {
  const commonTexts = useTexts(commonCatalogue);
  const schedulesTexts = useTexts(schedulesCatalogue);
  const fmt = useDateTimeFormat();
  const yesNo = (v: 'sim' | 'nao') => (v === 'sim' ? schedulesTexts.yes : schedulesTexts.no);
  const playlistRef = (id: number, name: string) => (name ? schedulesTexts.playlistRef({ id, name }) : String(id));
  // a timestamp with a zone is the server's clock; a bare one is already the account's wall time
  const lastRun = b.ultima_execucao
    ? /(Z|[+-]\d{2}:?\d{2})$/.test(b.ultima_execucao) ? fmt.dateTime(b.ultima_execucao) : formatWallTime(b.ultima_execucao, true)
    : null;
  const rows: [string, string][] = [
    [schedulesTexts.id, String(b.id)],
    [commonTexts.playlist, playlistRef(b.id_playlist, b.nome_playlist_principal)],
    [schedulesTexts.shuffled, yesNo(b.shuffle)],
    [schedulesTexts.frequency, frequencyText(b, schedulesTexts, schedulesTexts.weekdayNames)],
    [schedulesTexts.endingLabel, yesNo(b.finalizacao)],
    [
      schedulesTexts.ending,
      b.codigo_playlist_finalizacao ? playlistRef(b.codigo_playlist_finalizacao, b.nome_playlist_finalizacao ?? '') : schedulesTexts.endingNoneDetail,
    ],
    [schedulesTexts.start, formatWallTime(b.inicio)],
    [
      schedulesTexts.lastRun,
      lastRun ? (b.atraso_segundos && b.atraso_segundos > 0 ? schedulesTexts.lastRunLate({ when: lastRun, delay: formatTimeSpan(b.atraso_segundos) }) : lastRun) : schedulesTexts.neverRun,
    ],
  ];
  return (
    <article aria-labelledby={`agendamento-${b.id}`} className="rounded-lg border border-gray-200 p-4">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h3 id={`agendamento-${b.id}`} className="font-semibold text-gray-900">{schedulesTexts.detailTitle({ id: b.id })}</h3>
        <Button variant="ghost" className="px-2.5 py-1.5 text-red-600" onClick={onDelete} disabled={deleting} aria-label={schedulesTexts.deleteLabel({ id: b.id })}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          {commonTexts.delete}
        </Button>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-gray-500">{label}</dt>
            <dd className="text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

/**
 * The bookings of a calendar day (or one booking picked in the list): their details, each with
 * its delete; 'Fechar' closes. From a day, a further booking can be added on that date.
 */
export function BookingDetailsModal({
  title, bookings, onClose, onAddOnDay,
}: {
  title: string;
  bookings: Booking[];
  onClose: () => void;
  onAddOnDay?: (() => void) | undefined;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const schedulesTexts = useTexts(schedulesCatalogue);
  const msg = useTexts(messageCatalogue);
  const remove = useDeleteBooking();

  const confirm = useConfirm();

  async function drop(b: Booking) {
    if (!(await confirm(msg.bookingDeleteConfirm))) return;
    remove.mutate(b.id, {
      onSuccess: () => {
        toast.success(msg.bookingDeleted);
        if (bookings.length <= 1) onClose();
      },
      onError: (error) => toast.error(errorMessage(error, msg.bookingDeleteError)),
    });
  }

  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      closeButton={false}
      footer={
        <>
          {onAddOnDay && (
            <Button variant="secondary" onClick={onAddOnDay}>
              <CalendarPlus className="h-4 w-4" aria-hidden="true" />
              {schedulesTexts.addOnDay}
            </Button>
          )}
          <Button onClick={onClose}>{commonTexts.close}</Button>
        </>
      }
    >
      <div className="space-y-3">
        {bookings.map((b) => (
          <BookingFacts key={b.id} booking={b} onDelete={() => drop(b)} deleting={remove.isPending && remove.variables === b.id} />
        ))}
      </div>
    </Modal>
  );
}
