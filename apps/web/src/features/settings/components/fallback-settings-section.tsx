import { useId, useState, type KeyboardEvent } from 'react';
import { toast } from '@/lib/toast.ts';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import Save from 'lucide-react/icons/save';
import {
  DEFAULT_MENU, FALLBACK_SLATE_MAX_MINUTES, FALLBACK_TEXT_MAX, FALLBACK_TYPES, fallbackMsg,
  type FallbackConfig, type FallbackType,
} from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { settingsCatalogue } from '@/i18n/settings.ts';
import { errorMessage, serverText } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import {
  fallbackBodyOf, fallbackErrorField, useFallbackConfig, useFallbackImage, useSaveFallback,
  type FallbackDraft, type FallbackField,
} from '@/lib/fallback.ts';
import { useMenuLabel } from '@/lib/menu-label.ts';
import { usePlaylists } from '@/lib/playlists.ts';
import { Button } from '@/components/ui/button.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';

const fieldClass =
  'block w-full rounded-lg border px-3 py-2 text-gray-900 focus:border-blue-500 focus:ring-2 focus:ring-blue-500 focus:outline-none';

/** The menu entry of a page, to name it as the side menu does. */
const menuEntry = (id: string) => DEFAULT_MENU.find((m) => m.id === id)!;

const draftOf = (config: FallbackConfig): FallbackDraft => ({
  tipo: config.tipo, codigo_playlist: config.codigo_playlist, texto: config.texto,
});

/**
 * 'Sinal reserva': what the channel shows when OBS drops in the middle of a broadcast. Saved by
 * its own button (it is not part of the form's save); saving the slate makes its picture on the
 * server, shown below as a preview.
 */
export function FallbackSettingsSection() {
  const commonTexts = useTexts(commonCatalogue);
  const settingsTexts = useTexts(settingsCatalogue);
  const config = useFallbackConfig();

  return (
    <SectionCard title={settingsTexts.fallbackSection} icon={LifeBuoy}>
      <div className="space-y-4" data-testid="fallback-setting">
        <div className="space-y-2 text-sm text-gray-600">
          <p>{settingsTexts.fallbackIntro}</p>
          <p>{settingsTexts.fallbackLimits({ minutes: FALLBACK_SLATE_MAX_MINUTES, button: commonTexts.finishBroadcast })}</p>
        </div>
        {config.data ? (
          <FallbackForm config={config.data} />
        ) : config.isError ? (
          <p role="alert" className="text-sm text-red-600">{errorMessage(config.error, settingsTexts.fallbackLoadError)}</p>
        ) : (
          <div role="status" className="flex items-center gap-2 text-sm text-gray-500">
            <Spinner className="h-4 w-4 text-blue-600" />
            {commonTexts.loading}
          </div>
        )}
      </div>
    </SectionCard>
  );
}

/** The choice, started from what is saved; the saved state (armed, on air) is read from `config` as it changes. */
function FallbackForm({ config }: { config: FallbackConfig }) {
  const commonTexts = useTexts(commonCatalogue);
  const settingsTexts = useTexts(settingsCatalogue);
  const save = useSaveFallback();
  const [draft, setDraft] = useState<FallbackDraft>(() => draftOf(config));
  const [errors, setErrors] = useState<Partial<Record<FallbackField, string>>>({});
  const id = useId();

  const change = (patch: Partial<FallbackDraft>, field?: FallbackField) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => (field ? { ...e, [field]: undefined } : {}));
  };

  function submit() {
    const checked = fallbackBodyOf(draft);
    if (!checked.ok) {
      setErrors({ [checked.field]: checked.message });
      return;
    }
    setErrors({});
    save.mutate(checked.body, {
      onSuccess: (saved) => {
        setDraft(draftOf(saved));
        toast.success(serverText(saved.message, textsNow(settingsCatalogue).fallbackSaved));
      },
      onError: (error) => {
        const field = fallbackErrorField(error);
        const message = errorMessage(error, textsNow(settingsCatalogue).fallbackSaveError);
        if (field) setErrors({ [field]: message });
        else toast.error(message);
      },
    });
  }

  // what the section's own button saves (the form's button below does not)
  const dirty = draft.tipo !== config.tipo
    || (draft.tipo === 'imagem' && (draft.texto.trim() || fallbackMsg.defaultText) !== config.texto)
    || (draft.tipo === 'playlist' && draft.codigo_playlist !== config.codigo_playlist);

  const OPTIONS: Record<FallbackType, { label: string; hint: string }> = {
    nenhum: { label: settingsTexts.fallbackNone, hint: settingsTexts.fallbackNoneHint },
    imagem: { label: settingsTexts.fallbackImage, hint: settingsTexts.fallbackImageHint },
    playlist: { label: commonTexts.playlist, hint: settingsTexts.fallbackPlaylistHint },
  };

  return (
    <div className="space-y-5">
      {(config.no_ar || config.armado) && (
        <p
          data-testid="fallback-state"
          className={cn(
            'rounded-lg px-3 py-2 text-sm',
            config.no_ar ? 'border border-amber-200 bg-amber-50 text-amber-900' : 'border border-green-200 bg-green-50 text-green-800',
          )}
        >
          {config.no_ar ? settingsTexts.fallbackOnAir : settingsTexts.fallbackArmed}
        </p>
      )}

      <fieldset>
        <legend className="mb-2 text-sm font-medium text-gray-700">{settingsTexts.fallbackKindLegend}</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          {FALLBACK_TYPES.map((tipo) => {
            const inputId = `${id}-${tipo}`;
            return (
              <div
                key={tipo}
                className={cn(
                  'flex items-start gap-3 rounded-lg border p-3',
                  draft.tipo === tipo ? 'border-blue-500 bg-blue-50' : 'border-gray-200',
                )}
              >
                <input
                  id={inputId}
                  type="radio"
                  name={`${id}-tipo`}
                  value={tipo}
                  checked={draft.tipo === tipo}
                  onChange={() => change({ tipo })}
                  aria-describedby={`${inputId}-hint`}
                  className="mt-0.5 h-4 w-4 shrink-0 accent-blue-600"
                />
                <div className="min-w-0">
                  <label htmlFor={inputId} className="font-medium text-gray-900">{OPTIONS[tipo].label}</label>
                  <p id={`${inputId}-hint`} className="text-sm text-gray-600">{OPTIONS[tipo].hint}</p>
                </div>
              </div>
            );
          })}
        </div>
      </fieldset>

      {draft.tipo === 'imagem' && (
        <SlateFields config={config} draft={draft} error={errors.texto} onText={(texto) => change({ texto }, 'texto')} onEnter={submit} />
      )}
      {draft.tipo === 'playlist' && (
        <PlaylistField
          config={config}
          value={draft.codigo_playlist}
          error={errors.codigo_playlist}
          onChange={(codigo_playlist) => change({ codigo_playlist }, 'codigo_playlist')}
        />
      )}

      <div className="flex flex-wrap items-center justify-end gap-3">
        {dirty && !save.isPending && (
          <p id={`${id}-unsaved`} data-testid="fallback-unsaved" className="text-sm text-amber-700">{settingsTexts.fallbackUnsaved}</p>
        )}
        <Button
          onClick={submit}
          disabled={save.isPending}
          aria-describedby={dirty && !save.isPending ? `${id}-unsaved` : undefined}
          className="w-full sm:w-auto"
        >
          {save.isPending ? <Spinner className="h-4 w-4" /> : <Save className="h-4 w-4" aria-hidden="true" />}
          {save.isPending ? commonTexts.saving : settingsTexts.fallbackSave}
        </Button>
      </div>
    </div>
  );
}

/** The slate's text, and the picture saved last (a note when the account has no logo for it). */
function SlateFields({
  config, draft, error, onText, onEnter,
}: {
  config: FallbackConfig;
  draft: FallbackDraft;
  error: string | undefined;
  onText: (texto: string) => void;
  onEnter: () => void;
}) {
  const settingsTexts = useTexts(settingsCatalogue);
  const menuLabel = useMenuLabel();
  const id = useId();
  // the server makes the picture only for a saved slate
  const image = useFallbackImage(config.tipo === 'imagem');
  // an empty text saves the default one, which the slate then shows
  const stale = config.tipo !== 'imagem' || (draft.texto.trim() || fallbackMsg.defaultText) !== config.texto;

  // Enter saves this section, not the settings form around it
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    onEnter();
  };

  return (
    <div className="space-y-4">
      <div className="max-w-md">
        <label htmlFor={`${id}-text`} className="mb-1.5 block text-sm font-medium text-gray-700">{settingsTexts.fallbackTextLabel}</label>
        <input
          id={`${id}-text`}
          type="text"
          value={draft.texto}
          maxLength={FALLBACK_TEXT_MAX}
          // the slate's own default, shown as the server writes it on the picture
          placeholder={fallbackMsg.defaultText}
          autoComplete="off"
          onChange={(e) => onText(e.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={cn(`${id}-text-hint`, error && `${id}-text-error`)}
          className={cn(fieldClass, error ? 'border-red-400' : 'border-gray-300')}
        />
        <p id={`${id}-text-hint`} className="mt-1 text-xs text-gray-500">{settingsTexts.fallbackTextHint({ max: FALLBACK_TEXT_MAX })}</p>
        {error && <p id={`${id}-text-error`} role="alert" className="mt-1.5 text-sm text-red-600">{error}</p>}
      </div>

      {!config.com_logo && (
        <p data-testid="fallback-no-logo" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {settingsTexts.fallbackNoLogo({ page: menuLabel(menuEntry('players')) })}
        </p>
      )}

      {config.tipo === 'imagem' && (
        <figure className="max-w-md">
          {image.url ? (
            <img
              src={image.url}
              alt={settingsTexts.fallbackPreviewAlt}
              width={1280}
              height={720}
              data-testid="fallback-preview"
              className="aspect-video h-auto w-full rounded-lg border border-gray-200 bg-gray-900 object-contain"
            />
          ) : image.failed ? (
            <p role="alert" className="text-sm text-red-600">{settingsTexts.fallbackPreviewFailed}</p>
          ) : (
            <div className="aspect-video w-full animate-pulse rounded-lg bg-gray-200" aria-hidden="true" />
          )}
          {stale && image.url && <figcaption className="mt-1.5 text-xs text-gray-500">{settingsTexts.fallbackPreviewStale}</figcaption>}
        </figure>
      )}
    </div>
  );
}

/** The account's playlists to choose from; an empty one cannot be chosen (the server refuses it). */
function PlaylistField({
  config, value, error, onChange,
}: {
  config: FallbackConfig;
  value: number | null;
  error: string | undefined;
  onChange: (codigo: number | null) => void;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const settingsTexts = useTexts(settingsCatalogue);
  const menuLabel = useMenuLabel();
  const playlists = usePlaylists();
  const id = useId();
  const errorId = `${id}-error`;
  const errorLine = error && <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-600">{error}</p>;

  if (playlists.isPending) {
    return (
      <div role="status" className="flex items-center gap-2 text-sm text-gray-500">
        <Spinner className="h-4 w-4 text-blue-600" />
        {commonTexts.loading}
      </div>
    );
  }
  if (playlists.isError) {
    return <p role="alert" className="text-sm text-red-600">{errorMessage(playlists.error, settingsTexts.fallbackPlaylistsFailed)}</p>;
  }
  if (playlists.data.length === 0) {
    return (
      <div>
        <p data-testid="fallback-no-playlists" className="text-sm text-gray-600">
          {settingsTexts.fallbackNoPlaylists({ page: menuLabel(menuEntry('playlists')) })}
        </p>
        {errorLine}
      </div>
    );
  }
  return (
    <div className="max-w-md">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-gray-700">{settingsTexts.fallbackPlaylistLabel}</label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn(fieldClass, 'bg-white', error ? 'border-red-400' : 'border-gray-300')}
      >
        <option value="" disabled>{commonTexts.selectPlaylist}</option>
        {playlists.data.map((p) => (
          <option key={p.id} value={p.id} disabled={p.total_videos === 0 && p.id !== config.codigo_playlist}>
            {p.total_videos === 0 ? settingsTexts.fallbackEmptyPlaylist({ name: p.nome }) : p.nome}
          </option>
        ))}
      </select>
      {errorLine}
    </div>
  );
}
