import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast.ts';
import { FREQUENCIES, bookingBody, type BookingBody, type Frequency, type Playlist } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { schedulesCatalogue } from '@/i18n/schedules.ts';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage, issueText, serverText } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { getToken } from '@/lib/token.ts';
import { useUserSettings } from '@/lib/user-settings.ts';
import { useCreateBooking } from '../api/create-booking.ts';

interface FormValues {
  id_playlist: string;
  shuffle: boolean;
  frequencia: Frequency;
  dias_semana: number[];
  id_playlist_finalizacao: string;
  date: string;
  time: string;
}

const field = 'w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-200 focus:outline-none aria-invalid:border-red-500';
const labelCls = 'mb-1 block text-sm font-medium text-gray-700';

/**
 * 'Novo Agendamento': playlist, shuffle, frequency (weekdays only for Dias da Semana), ending
 * playlist, start date and time. Mounted only while open, so each opening starts afresh.
 */
export function BookingFormModal({
  playlists, initialDate, initialPlaylistId, onClose,
}: {
  playlists: Playlist[];
  initialDate: string;
  initialPlaylistId: number | null;
  onClose: () => void;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const schedulesTexts = useTexts(schedulesCatalogue);
  const msg = useTexts(messageCatalogue);
  const id = useId();
  const formId = `${id}-form`;
  const settings = useUserSettings();
  const create = useCreateBooking();
  const { register, handleSubmit, control, setValue, formState: { errors } } = useForm<FormValues>({
    defaultValues: {
      id_playlist: initialPlaylistId ? String(initialPlaylistId) : '',
      shuffle: false,
      frequencia: 'uma_vez',
      dias_semana: [],
      id_playlist_finalizacao: '',
      date: initialDate,
      time: '00:00',
    },
  });
  const frequencia = useWatch({ control, name: 'frequencia' });
  const days = useWatch({ control, name: 'dias_semana' });

  const onSubmit = handleSubmit((v) => {
    if (!v.id_playlist) {
      toast.error(msg.selectPlaylist);
      return;
    }
    if (!getToken()) {
      toast.error(msg.bookingAuthRequired);
      return;
    }
    const ending = v.id_playlist_finalizacao ? Number(v.id_playlist_finalizacao) : null;
    const parsed = bookingBody.safeParse({
      data: v.date,
      id_playlist: Number(v.id_playlist),
      shuffle: v.shuffle,
      frequencia: v.frequencia,
      finalizacao: ending !== null,
      id_playlist_finalizacao: ending,
      inicio: `${v.date} ${v.time.slice(0, 5)}:00`,
      ...(v.frequencia === 'dias_da_semana' ? { dias_semana: v.dias_semana } : {}),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      toast.error(issue ? issueText(issue) || msg.bookingCreateError : msg.bookingCreateError);
      return;
    }
    const body: BookingBody = parsed.data;
    create.mutate(body, {
      onSuccess: (message) => {
        toast.success(serverText(message, textsNow(messageCatalogue).bookingCreated));
        onClose();
      },
      onError: (error) => toast.error(errorMessage(error, textsNow(messageCatalogue).bookingCreateError)),
    });
  });

  function toggleDay(d: number) {
    const next = days.includes(d) ? days.filter((x) => x !== d) : [...days, d].sort((a, b) => a - b);
    setValue('dias_semana', next, { shouldDirty: true });
  }

  const zone = settings.data?.timezone;
  return (
    <Modal
      open
      title={schedulesTexts.newBooking}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{commonTexts.cancel}</Button>
          <Button type="submit" form={formId} disabled={create.isPending}>
            {create.isPending && <Spinner className="h-4 w-4" />}
            {create.isPending ? commonTexts.saving : commonTexts.save}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        <div>
          <label htmlFor={`${id}-playlist`} className={labelCls}>{commonTexts.playlist}</label>
          <select id={`${id}-playlist`} className={field} data-autofocus {...register('id_playlist')}>
            <option value="">{commonTexts.selectPlaylist}</option>
            {playlists.map((p) => <option key={p.id} value={p.id}>{p.nome}</option>)}
          </select>
        </div>
        <label className="flex items-center gap-2 text-sm text-gray-700">
          <input type="checkbox" className="h-4 w-4 accent-blue-600" {...register('shuffle')} />
          {schedulesTexts.shuffle}
        </label>
        <div>
          <label htmlFor={`${id}-freq`} className={labelCls}>{schedulesTexts.frequency}</label>
          <select id={`${id}-freq`} className={field} {...register('frequencia')}>
            {FREQUENCIES.map((f) => <option key={f} value={f}>{schedulesTexts.frequencies[f]}</option>)}
          </select>
        </div>
        {frequencia === 'dias_da_semana' && (
          <fieldset>
            <legend className={labelCls}>{schedulesTexts.weekdays}</legend>
            <div className="flex flex-wrap gap-1.5">
              {schedulesTexts.weekdayShort.map((d, i) => (
                <button
                  key={d}
                  type="button"
                  aria-pressed={days.includes(i)}
                  title={schedulesTexts.weekdayNames[i]}
                  onClick={() => toggleDay(i)}
                  className={cn(
                    'min-w-12 rounded-lg border px-2.5 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-blue-600',
                    days.includes(i) ? 'border-blue-600 bg-blue-600 text-white' : 'border-gray-300 bg-white text-gray-700 hover:bg-gray-50',
                  )}
                >
                  {d}
                </button>
              ))}
            </div>
          </fieldset>
        )}
        <div>
          <label htmlFor={`${id}-ending`} className={labelCls}>{schedulesTexts.ending}</label>
          <select id={`${id}-ending`} className={field} aria-describedby={`${id}-ending-hint`} {...register('id_playlist_finalizacao')}>
            <option value="">{schedulesTexts.endingNone}</option>
            {playlists.map((p) => <option key={p.id} value={p.id}>{p.nome}</option>)}
          </select>
          <p id={`${id}-ending-hint`} className="mt-1 text-xs text-gray-500">{schedulesTexts.endingHint}</p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-date`} className={labelCls}>{commonTexts.startDate}</label>
            <input
              id={`${id}-date`}
              type="date"
              required
              className={field}
              aria-invalid={errors.date ? true : undefined}
              aria-describedby={errors.date ? `${id}-date-error` : undefined}
              {...register('date', { required: msg.bookingDateRequired })}
            />
            {errors.date && <p id={`${id}-date-error`} role="alert" className="mt-1 text-sm text-red-600">{errors.date.message}</p>}
          </div>
          <div>
            <label htmlFor={`${id}-time`} className={labelCls}>{schedulesTexts.startTime}</label>
            <input
              id={`${id}-time`}
              type="time"
              required
              className={field}
              aria-invalid={errors.time ? true : undefined}
              aria-describedby={errors.time ? `${id}-time-error` : undefined}
              {...register('time', { required: msg.bookingDateRequired })}
            />
            {errors.time && <p id={`${id}-time-error`} role="alert" className="mt-1 text-sm text-red-600">{errors.time.message}</p>}
          </div>
        </div>
        {zone && <p className="text-xs text-gray-500">{commonTexts.zoneHint({ zone: commonTexts.timezones[zone] })}</p>}
      </form>
    </Modal>
  );
}
