import { useId } from 'react';
import { Link } from 'react-router';
import Filter from 'lucide-react/icons/filter';
import List from 'lucide-react/icons/list';
import type { Booking, Playlist } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { schedulesCatalogue } from '@/i18n/schedules.ts';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { formatWallTime, frequencyText } from '../utils/booking-dates.ts';

export interface BookingFilters {
  from: string;
  to: string;
  /** '' for 'Todas' */
  playlist: string;
}

const field = 'w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-200 focus:outline-none';
const labelCls = 'mb-1 block text-sm font-medium text-gray-700';

/** Start date, end date and playlist; 'Limpar filtros' goes back to the bare page address. */
function FiltersBar({ filters, playlists, onChange }: { filters: BookingFilters; playlists: Playlist[]; onChange: (f: BookingFilters) => void }) {
  const commonTexts = useTexts(commonCatalogue);
  const schedulesTexts = useTexts(schedulesCatalogue);
  const id = useId();
  return (
    <fieldset className="mb-4 grid gap-3 rounded-lg bg-gray-50 p-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
      <legend className="sr-only">{schedulesTexts.filtersTitle}</legend>
      <div>
        <label htmlFor={`${id}-from`} className={labelCls}>{schedulesTexts.filterStart}</label>
        <input id={`${id}-from`} type="date" className={field} value={filters.from} onChange={(e) => onChange({ ...filters, from: e.target.value })} />
      </div>
      <div>
        <label htmlFor={`${id}-to`} className={labelCls}>{schedulesTexts.filterEnd}</label>
        <input id={`${id}-to`} type="date" className={field} value={filters.to} onChange={(e) => onChange({ ...filters, to: e.target.value })} />
      </div>
      <div>
        <label htmlFor={`${id}-playlist`} className={labelCls}>{commonTexts.playlist}</label>
        <select id={`${id}-playlist`} className={field} value={filters.playlist} onChange={(e) => onChange({ ...filters, playlist: e.target.value })}>
          <option value="">{schedulesTexts.filterAll}</option>
          {playlists.map((p) => <option key={p.id} value={p.id}>{p.nome}</option>)}
        </select>
      </div>
      <Link to="/dashboard/agendamentos" replace className="pb-2 text-sm font-medium text-blue-600 hover:text-blue-800 hover:underline">
        {schedulesTexts.clearFilters}
      </Link>
    </fieldset>
  );
}

/** The bookings that match the filters: ID (opens its details), Playlist, Misturado, Frequência, Finalização, Início. */
export function BookingsTable({
  bookings, loading, failed, filters, playlists, onFilters, onView,
}: {
  bookings: Booking[];
  loading: boolean;
  failed: boolean;
  filters: BookingFilters;
  playlists: Playlist[];
  onFilters: (f: BookingFilters) => void;
  onView: (b: Booking) => void;
}) {
  const schedulesTexts = useTexts(schedulesCatalogue);
  const msg = useTexts(messageCatalogue);
  const columns = schedulesTexts.columns;
  return (
    <SectionCard title={schedulesTexts.listTitle} icon={List} actions={<Filter className="h-5 w-5 text-gray-400" aria-hidden="true" />}>
      <FiltersBar filters={filters} playlists={playlists} onChange={onFilters} />
      {loading ? (
        <LoadingState label={schedulesTexts.listLoading} />
      ) : failed ? (
        <p className="py-6 text-center text-sm text-red-600">{msg.bookingsLoadError}</p>
      ) : (
        // focusable, so a keyboard can scroll it when a narrow screen cuts the table
        <div tabIndex={0} role="group" aria-label={schedulesTexts.listTitle} className="-mx-5 overflow-x-auto focus-visible:outline-2 focus-visible:outline-blue-500 sm:-mx-6">
          <table className="min-w-full divide-y divide-gray-100 text-sm">
            <caption className="sr-only">{schedulesTexts.listTitle}</caption>
            <thead>
              <tr className="text-left text-xs font-semibold tracking-wide text-gray-500 uppercase">
                {columns.map((c) => <th key={c} scope="col" className="px-5 py-2 sm:px-6">{c}</th>)}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {bookings.length === 0 ? (
                <tr>
                  <td colSpan={columns.length} className="px-5 py-8 text-center text-gray-500 sm:px-6">{msg.bookingEmpty}</td>
                </tr>
              ) : (
                bookings.map((b) => (
                  <tr key={b.id}>
                    <td className="px-5 py-2.5 sm:px-6">
                      <button
                        type="button"
                        onClick={() => onView(b)}
                        aria-label={schedulesTexts.view({ id: b.id })}
                        className="font-mono font-semibold text-blue-600 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
                      >
                        {b.id}
                      </button>
                    </td>
                    <td className="px-5 py-2.5 text-gray-900 sm:px-6">{b.nome_playlist_principal ? schedulesTexts.playlistRef({ id: b.id_playlist, name: b.nome_playlist_principal }) : b.id_playlist}</td>
                    <td className="px-5 py-2.5 text-gray-700 sm:px-6">{b.shuffle === 'sim' ? schedulesTexts.yes : schedulesTexts.no}</td>
                    <td className="px-5 py-2.5 text-gray-700 sm:px-6">{frequencyText(b, schedulesTexts)}</td>
                    <td className="px-5 py-2.5 text-gray-700 sm:px-6">
                      {b.finalizacao !== 'sim' ? schedulesTexts.no : b.nome_playlist_finalizacao ? schedulesTexts.yesNamed({ name: b.nome_playlist_finalizacao }) : schedulesTexts.yes}
                    </td>
                    <td className="px-5 py-2.5 whitespace-nowrap text-gray-700 sm:px-6">{formatWallTime(b.inicio)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
    </SectionCard>
  );
}
