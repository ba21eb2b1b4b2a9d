import { Fragment, useMemo } from 'react';
import { addMonths, eachDayOfInterval, endOfMonth, endOfWeek, format, isSameMonth, startOfMonth, startOfWeek } from 'date-fns';
import CalendarDays from 'lucide-react/icons/calendar-days';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Plus from 'lucide-react/icons/plus';
import type { Booking } from '@painel/contract';
import { useLocale, useTexts } from '@/i18n/runtime.ts';
import { schedulesCatalogue } from '@/i18n/schedules.ts';
import { Button } from '@/components/ui/button.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/cn.ts';
import { dateFnsLocale } from '../utils/date-locale.ts';

/** Badges shown in a day before the rest is summed up as '+N'. */
const MAX_BADGES = 3;

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The bookings of each day (yyyy-MM-dd) of the month, from each booking's `dias`. */
export function bookingsByDay(bookings: Booking[] | undefined): Map<string, Booking[]> {
  const map = new Map<string, Booking[]>();
  for (const b of bookings ?? []) {
    for (const day of new Set(b.dias)) map.set(day, [...(map.get(day) ?? []), b]);
  }
  return map;
}

/**
 * The month in the panel's language, weeks from Sunday. Each day of the month is a button: a
 * day with bookings shows a badge per booked playlist id and opens them; an empty day opens
 * the create form on that date.
 */
export function BookingCalendar({
  month, onMonth, byDay, today, loading, onDay, onNew,
}: {
  /** the first day of the visible month */
  month: Date;
  onMonth: (month: Date) => void;
  byDay: Map<string, Booking[]>;
  /** yyyy-MM-dd in the account's time zone */
  today: string;
  loading: boolean;
  onDay: (day: string, bookings: Booking[]) => void;
  onNew: () => void;
}) {
  const schedulesTexts = useTexts(schedulesCatalogue);
  const locale = dateFnsLocale(useLocale());
  const weeks = useMemo(() => {
    const days = eachDayOfInterval({ start: startOfWeek(startOfMonth(month), { weekStartsOn: 0 }), end: endOfWeek(endOfMonth(month), { weekStartsOn: 0 }) });
    const rows: Date[][] = [];
    for (let i = 0; i < days.length; i += 7) rows.push(days.slice(i, i + 7));
    return rows;
  }, [month]);
  const title = capitalize(schedulesTexts.monthTitle({ month: format(month, 'LLLL', { locale }), year: format(month, 'yyyy') }));
  const thisMonth = today.slice(0, 7);

  return (
    <SectionCard
      title={schedulesTexts.calendarTitle}
      icon={CalendarDays}
      actions={
        <Button onClick={onNew}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {schedulesTexts.newBooking}
        </Button>
      }
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-1">
          <Button variant="ghost" className="px-2" onClick={() => onMonth(addMonths(month, -1))} aria-label={schedulesTexts.previousMonth} title={schedulesTexts.previousMonth}>
            <ChevronLeft className="h-5 w-5" aria-hidden="true" />
          </Button>
          <Button variant="ghost" className="px-2" onClick={() => onMonth(addMonths(month, 1))} aria-label={schedulesTexts.nextMonth} title={schedulesTexts.nextMonth}>
            <ChevronRight className="h-5 w-5" aria-hidden="true" />
          </Button>
          <h3 aria-live="polite" className="ml-2 text-lg font-semibold text-gray-900">{title}</h3>
          {loading && <Spinner className="ml-2 h-4 w-4 text-blue-600" />}
        </div>
        {format(month, 'yyyy-MM') !== thisMonth && (
          <Button
            variant="secondary"
            onClick={() => onMonth(new Date(Number(thisMonth.slice(0, 4)), Number(thisMonth.slice(5, 7)) - 1, 1))}
          >
            {schedulesTexts.thisMonth}
          </Button>
        )}
      </div>
      <table className="w-full table-fixed border-collapse text-sm">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr>
            {schedulesTexts.weekdayShort.map((d, i) => (
              <th key={d} scope="col" abbr={schedulesTexts.weekdayNames[i]} className="pb-2 text-center text-xs font-semibold tracking-wide text-gray-500 uppercase">{d}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={format(week[0] ?? month, 'yyyy-MM-dd')}>
              {week.map((day) => {
                const key = format(day, 'yyyy-MM-dd');
                if (!isSameMonth(day, month)) {
                  return <td key={key} className="h-20 border border-gray-100 bg-gray-50 p-1 align-top text-xs text-gray-500 sm:h-24">{day.getDate()}</td>;
                }
                const booked = byDay.get(key) ?? [];
                const isToday = key === today;
                const date = format(day, 'PPP', { locale });
                const label = schedulesTexts.calendarDay({ date: isToday ? schedulesTexts.calendarToday({ date }) : date, n: booked.length });
                // a booked day's name starts with what the cell shows (day, playlist numbers, +n),
                // so speech input can name it by what is on screen
                const shown = [
                  String(day.getDate()),
                  ...booked.slice(0, MAX_BADGES).map((b) => String(b.id_playlist)),
                  ...(booked.length > MAX_BADGES ? [schedulesTexts.calendarMore({ n: booked.length - MAX_BADGES })] : []),
                ];
                return (
                  <td key={key} className="h-20 border border-gray-100 p-0 align-top sm:h-24">
                    <button
                      type="button"
                      data-testid={`dia-${key}`}
                      aria-current={isToday ? 'date' : undefined}
                      aria-label={booked.length === 0 ? label : schedulesTexts.calendarDayShown({ shown: shown.join(' '), label })}
                      onClick={() => onDay(key, booked)}
                      className={cn(
                        'flex h-full w-full flex-col items-start gap-1 p-1 text-left transition-colors hover:bg-blue-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600',
                        isToday && 'bg-blue-50 ring-2 ring-blue-400 ring-inset',
                      )}
                    >
                      <span
                        className={cn(
                          'flex h-6 w-6 items-center justify-center rounded-full text-xs font-semibold',
                          isToday ? 'bg-blue-600 text-white' : 'text-gray-700',
                        )}
                      >
                        {day.getDate()}
                      </span>
                      {/* the spaces keep '27', '12' and '+1' separate words in the cell's text (the flex layout ignores them) */}
                      {' '}
                      <span className="flex flex-wrap gap-1">
                        {booked.slice(0, MAX_BADGES).map((b) => (
                          <Fragment key={b.id}>
                            <span
                              title={schedulesTexts.calendarBadge({ id: b.id_playlist, name: b.nome_playlist_principal })}
                              className="rounded bg-violet-600 px-1.5 py-0.5 text-[11px] leading-none font-semibold text-white"
                            >
                              {b.id_playlist}
                            </span>{' '}
                          </Fragment>
                        ))}
                        {booked.length > MAX_BADGES && (
                          <span className="rounded bg-gray-200 px-1.5 py-0.5 text-[11px] leading-none font-semibold text-gray-700">
                            {schedulesTexts.calendarMore({ n: booked.length - MAX_BADGES })}
                          </span>
                        )}
                      </span>
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </SectionCard>
  );
}
