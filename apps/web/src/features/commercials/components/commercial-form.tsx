import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast.ts';
import Eye from 'lucide-react/icons/eye';
import Megaphone from 'lucide-react/icons/megaphone';
import Save from 'lucide-react/icons/save';
import X from 'lucide-react/icons/x';
import { COMMERCIALS, commercialBody, type Commercial, type Playlist } from '@painel/contract';
import { commercialsCatalogue } from '@/i18n/commercials.ts';
import { commonCatalogue } from '@/i18n/common.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage, issueText } from '@/lib/api-client.ts';
import type { FolderItem } from '@/lib/folders.ts';
import { useSaveCommercial } from '../api/save-commercial.ts';

interface FormValues {
  id_playlist: string;
  id_folder_comerciais: string;
  quantidade_comerciais: number;
  intervalo_videos: number;
}

const DEFAULTS: FormValues = {
  id_playlist: '',
  id_folder_comerciais: '',
  quantidade_comerciais: COMMERCIALS.quantity.default,
  intervalo_videos: COMMERCIALS.interval.default,
};

const field = 'w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-200 focus:outline-none';
const labelCls = 'mb-1 block text-sm font-medium text-gray-700';

/**
 * Create mode, or edit mode holding the config's id (remounted per config, so each opens with
 * its own values). Cancelar and a successful save go back to create mode with the defaults.
 */
export function CommercialForm({
  editing, configs, playlists, folders, onDone, onViewFolder,
}: {
  editing: Commercial | null;
  configs: Commercial[];
  playlists: Playlist[];
  folders: FolderItem[];
  onDone: () => void;
  onViewFolder: (folder: FolderItem | null) => void;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const commercialsTexts = useTexts(commercialsCatalogue);
  const msg = useTexts(messageCatalogue);
  const id = useId();
  const save = useSaveCommercial();
  const { register, handleSubmit, control, reset } = useForm<FormValues>({
    defaultValues: editing
      ? {
          id_playlist: String(editing.id_playlist),
          id_folder_comerciais: String(editing.id_folder_comerciais),
          quantidade_comerciais: editing.quantidade_comerciais,
          intervalo_videos: editing.intervalo_videos,
        }
      : DEFAULTS,
  });
  const folderId = useWatch({ control, name: 'id_folder_comerciais' });
  // one config per playlist: a playlist that has one is edited, not configured again
  const taken = new Set(configs.filter((c) => c.id !== editing?.id).map((c) => c.id_playlist));
  const offered = playlists.filter((p) => !taken.has(p.id));

  function done() {
    reset(DEFAULTS);
    onDone();
  }

  const onSubmit = handleSubmit((v) => {
    const parsed = commercialBody.safeParse({
      id_playlist: v.id_playlist || undefined,
      id_folder_comerciais: v.id_folder_comerciais || undefined,
      quantidade_comerciais: v.quantidade_comerciais,
      intervalo_videos: v.intervalo_videos,
      // a new config starts switched on; editing one leaves it as the list's switch set it
      ativo: editing ? editing.ativo : true,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      toast.error(issue ? issueText(issue) || msg.commercialSaveError : msg.commercialSaveError);
      return;
    }
    save.mutate(
      { id: editing?.id ?? null, body: parsed.data },
      {
        onSuccess: () => {
          const now = textsNow(messageCatalogue);
          toast.success(editing ? now.commercialUpdated : now.commercialCreated);
          done();
        },
        onError: (error) => toast.error(errorMessage(error, textsNow(messageCatalogue).commercialSaveError)),
      },
    );
  });

  return (
    <SectionCard title={editing ? commercialsTexts.editTitle : commercialsTexts.formTitle} icon={Megaphone}>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={editing ? commercialsTexts.editTitle : commercialsTexts.formTitle}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-playlist`} className={labelCls}>{commonTexts.playlist}</label>
            <select id={`${id}-playlist`} className={field} {...register('id_playlist')}>
              <option value="">{commonTexts.selectPlaylist}</option>
              {offered.map((p) => <option key={p.id} value={p.id}>{p.nome}</option>)}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-folder`} className={labelCls}>{commercialsTexts.folder}</label>
            <select id={`${id}-folder`} className={field} {...register('id_folder_comerciais')}>
              <option value="">{commonTexts.selectFolder}</option>
              {folders.map((f) => <option key={f.id} value={f.id}>{f.nome}</option>)}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-qty`} className={labelCls}>{commercialsTexts.quantity}</label>
            <input
              id={`${id}-qty`}
              type="number"
              inputMode="numeric"
              min={COMMERCIALS.quantity.min}
              max={COMMERCIALS.quantity.max}
              className={field}
              aria-describedby={`${id}-qty-hint`}
              {...register('quantidade_comerciais', { valueAsNumber: true })}
            />
            <p id={`${id}-qty-hint`} className="mt-1 text-xs text-gray-500">{commercialsTexts.quantityHint}</p>
          </div>
          <div>
            <label htmlFor={`${id}-interval`} className={labelCls}>{commercialsTexts.interval}</label>
            <input
              id={`${id}-interval`}
              type="number"
              inputMode="numeric"
              min={COMMERCIALS.interval.min}
              max={COMMERCIALS.interval.max}
              className={field}
              aria-describedby={`${id}-interval-hint`}
              {...register('intervalo_videos', { valueAsNumber: true })}
            />
            <p id={`${id}-interval-hint`} className="mt-1 text-xs text-gray-500">{commercialsTexts.intervalHint}</p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner className="h-4 w-4" /> : <Save className="h-4 w-4" aria-hidden="true" />}
            {save.isPending ? commonTexts.saving : commonTexts.save}
          </Button>
          <Button variant="secondary" onClick={done} disabled={save.isPending}>
            <X className="h-4 w-4" aria-hidden="true" />
            {commonTexts.cancel}
          </Button>
          <Button variant="secondary" onClick={() => onViewFolder(folders.find((f) => String(f.id) === folderId) ?? null)}>
            <Eye className="h-4 w-4" aria-hidden="true" />
            {commercialsTexts.viewCommercials}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
