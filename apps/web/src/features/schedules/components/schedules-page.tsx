import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast.ts';
import { format } from 'date-fns';
import { DEFAULT_SETTINGS, type Booking } from '@painel/contract';
import { messageCatalogue } from '@/i18n/messages.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { schedulesCatalogue } from '@/i18n/schedules.ts';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useDateTimeFormat } from '@/lib/datetime.ts';
import { usePlaylists } from '@/lib/playlists.ts';
import { bookingsQueryKey, useAllBookings, useMonthBookings } from '../api/get-bookings.ts';
import { formatWallTime, occursBetween, todayIn } from '../utils/booking-dates.ts';
import { BookingCalendar, bookingsByDay } from './booking-calendar.tsx';
import { BookingDetailsModal } from './booking-details-modal.tsx';
import { BookingFormModal } from './booking-form-modal.tsx';
import { BookingsTable, type BookingFilters } from './bookings-table.tsx';
import { SchedulesHelp } from './schedules-help.tsx';

type Viewing = { day: string } | { bookingId: number };

const positiveId = (v: string | null) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null);

/**
 * /dashboard/agendamentos: the month calendar, the create form and the filtered list. The
 * filters live in the address (?playlist=, ?de=, ?ate=); arriving with ?playlist= (from the
 * playlists page's 'Agendar') also opens the form with that playlist chosen.
 */
export function SchedulesPage() {
  const schedulesTexts = useTexts(schedulesCatalogue);
  const msg = useTexts(messageCatalogue);
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const { timeZone } = useDateTimeFormat();
  const today = todayIn(timeZone || DEFAULT_SETTINGS.timezone);
  const [month, setMonth] = useState(() => new Date(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1, 1));
  const [creating, setCreating] = useState<{ date: string; playlistId: number | null } | null>(() => {
    const preset = positiveId(params.get('playlist'));
    return preset ? { date: '', playlistId: preset } : null;
  });
  const [viewing, setViewing] = useState<Viewing | null>(null);

  const mesAno = format(month, 'yyyy-MM');
  const monthBookings = useMonthBookings(mesAno);
  const allBookings = useAllBookings();
  const playlists = usePlaylists();
  const byDay = useMemo(() => bookingsByDay(monthBookings.data), [monthBookings.data]);

  const filters: BookingFilters = { from: params.get('de') ?? '', to: params.get('ate') ?? '', playlist: params.get('playlist') ?? '' };
  const filtered = useMemo(() => {
    const playlistId = positiveId(filters.playlist);
    return (allBookings.data ?? [])
      .filter((b) => (playlistId === null || b.id_playlist === playlistId) && occursBetween(b, filters.from, filters.to))
      .sort((a, b) => a.inicio.localeCompare(b.inicio) || a.id - b.id);
  }, [allBookings.data, filters.playlist, filters.from, filters.to]);

  const loadError = monthBookings.error ?? allBookings.error;
  useEffect(() => {
    if (loadError) toast.error(errorMessage(loadError, msg.bookingsLoadError), { toastId: 'bookings-load-error' });
  }, [loadError]);
  useEffect(() => {
    if (playlists.error) toast.error(errorMessage(playlists.error, msg.playlistsLoadError), { toastId: 'playlists-load-error' });
  }, [playlists.error]);

  function setFilters(f: BookingFilters) {
    const next = new URLSearchParams();
    if (f.playlist) next.set('playlist', f.playlist);
    if (f.from) next.set('de', f.from);
    if (f.to) next.set('ate', f.to);
    setParams(next, { replace: true });
  }

  function closeForm() {
    setCreating(null);
    // the month on screen is asked again, whatever the form did
    void queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
  }

  function openDay(day: string, booked: Booking[]) {
    if (booked.length > 0) setViewing({ day });
    else setCreating({ date: day, playlistId: null });
  }

  // what a dialog shows is read from the current answers, so a deletion shows at once
  const shown: Booking[] = !viewing
    ? []
    : 'day' in viewing
      ? byDay.get(viewing.day) ?? []
      : (allBookings.data ?? []).filter((b) => b.id === viewing.bookingId);
  const viewingDay = viewing && 'day' in viewing ? viewing.day : null;
  useEffect(() => {
    if (viewing && shown.length === 0 && !monthBookings.isFetching && !allBookings.isFetching) setViewing(null);
  }, [viewing, shown.length, monthBookings.isFetching, allBookings.isFetching]);

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader title={schedulesTexts.title} subtitle={schedulesTexts.subtitle} />

      <div className="grid items-start gap-6 xl:grid-cols-3">
        <div className="xl:col-span-2">
          <BookingCalendar
            month={month}
            onMonth={setMonth}
            byDay={byDay}
            today={today}
            loading={monthBookings.isFetching}
            onDay={openDay}
            onNew={() => setCreating({ date: '', playlistId: positiveId(filters.playlist) })}
          />
        </div>
        <SchedulesHelp />
      </div>

      <BookingsTable
        bookings={filtered}
        loading={allBookings.isPending}
        failed={allBookings.isError && !allBookings.data}
        filters={filters}
        playlists={playlists.data ?? []}
        onFilters={setFilters}
        onView={(b) => setViewing({ bookingId: b.id })}
      />

      {viewing && shown.length > 0 && (
        <BookingDetailsModal
          title={viewingDay ? schedulesTexts.dayTitle({ date: formatWallTime(viewingDay) }) : schedulesTexts.detailTitle({ id: shown[0]?.id ?? 0 })}
          bookings={shown}
          onClose={() => setViewing(null)}
          onAddOnDay={viewingDay ? () => {
            setViewing(null);
            setCreating({ date: viewingDay, playlistId: null });
          } : undefined}
        />
      )}
      {/* opened once the playlists are known, so a preselected playlist shows as chosen */}
      {creating && (playlists.data || playlists.isError) && (
        <BookingFormModal
          playlists={playlists.data ?? []}
          initialDate={creating.date}
          initialPlaylistId={creating.playlistId}
          onClose={closeForm}
        />
      )}
    </div>
  );
}
