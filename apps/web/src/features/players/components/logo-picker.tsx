import { useRef } from 'react';
import { toast } from '@/lib/toast.ts';
import ImageOff from 'lucide-react/icons/image-off';
import Trash2 from 'lucide-react/icons/trash-2';
import Upload from 'lucide-react/icons/upload';
import { LOGO_MAX_BYTES } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { playersCatalogue } from '@/i18n/players.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage, serverText } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { useDeleteLogo } from '../api/delete-logo.ts';
import type { Logo } from '../api/get-logos.ts';
import { useUploadLogo } from '../api/upload-logo.ts';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';

const ACCEPTED = ['image/png', 'image/jpeg'];

/** The account's logos as a radio group, with upload (PNG/JPEG) and delete. */
export function LogoPicker({ logos, loading, value, onChange }: {
  logos: Logo[];
  loading: boolean;
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const playersTexts = useTexts(playersCatalogue);
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadLogo();
  const remove = useDeleteLogo();

  function onFile(file: File | undefined) {
    if (!file) return;
    const msg = textsNow(messageCatalogue);
    if (!ACCEPTED.includes(file.type)) return void toast.error(msg.logoInvalidType);
    if (file.size > LOGO_MAX_BYTES) return void toast.error(msg.logoTooLarge(LOGO_MAX_BYTES / (1024 * 1024)));
    upload.mutate(file, {
      onSuccess: (r) => {
        toast.success(serverText(r.message, textsNow(messageCatalogue).logoSaved));
        if (r.logo) onChange(r.logo.id);
      },
      onError: (error) => toast.error(errorMessage(error, textsNow(messageCatalogue).logoUploadError)),
    });
  }

  const confirm = useConfirm();

  async function onDelete(logo: Logo) {
    if (!(await confirm(textsNow(playersCatalogue).deleteLogoConfirm({ name: logo.nome })))) return;
    remove.mutate(logo.id, {
      onSuccess: (r) => {
        toast.success(serverText(r.message, textsNow(messageCatalogue).logoRemoved));
        if (value === logo.id) onChange(null);
      },
      onError: (error) => toast.error(errorMessage(error, textsNow(messageCatalogue).logoDeleteError)),
    });
  }

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-gray-700">{commonTexts.logo}</legend>
      {loading ? (
        <Spinner className="text-blue-600" />
      ) : logos.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-gray-500">
          <ImageOff className="h-4 w-4" aria-hidden="true" />
          {playersTexts.noLogos}
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {logos.map((l) => (
            <li key={l.id} className="relative">
              <label
                className={cn(
                  'relative flex cursor-pointer flex-col items-center gap-1 rounded-lg border p-2 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-500',
                  value === l.id ? 'border-blue-500 bg-blue-50 ring-1 ring-blue-500' : 'border-gray-200 hover:border-blue-300',
                )}
              >
                <input type="radio" name="watermark-logo" checked={value === l.id} onChange={() => onChange(l.id)} className="absolute inset-0 z-10 h-full w-full cursor-pointer appearance-none opacity-0" />
                <span className="flex h-14 w-full items-center justify-center rounded bg-[repeating-conic-gradient(#e5e7eb_0_25%,#fff_0_50%)] bg-[length:12px_12px]">
                  <img src={l.url} alt="" className="max-h-12 max-w-full object-contain" />
                </span>
                <span className="w-full truncate text-center text-xs text-gray-700">{l.nome}</span>
              </label>
              <button
                type="button"
                onClick={() => onDelete(l)}
                disabled={remove.isPending}
                aria-label={playersTexts.deleteLogo({ name: l.nome })}
                title={playersTexts.deleteLogo({ name: l.nome })}
                className="absolute -top-2 -right-2 z-20 flex h-7 w-7 items-center justify-center rounded-full border border-gray-200 bg-white text-gray-500 shadow-sm hover:text-red-600 focus-visible:outline-2 focus-visible:outline-red-500"
              >
                <Trash2 className="h-3.5 w-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        ref={input}
        type="file"
        accept={ACCEPTED.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-label={playersTexts.uploadLogo}
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => input.current?.click()} disabled={upload.isPending}>
          {upload.isPending ? <Spinner className="h-4 w-4" /> : <Upload className="h-4 w-4" aria-hidden="true" />}
          {playersTexts.uploadLogo}
        </Button>
        <span className="text-xs text-gray-500">{playersTexts.logoHint({ mb: LOGO_MAX_BYTES / (1024 * 1024) })}</span>
      </div>
    </fieldset>
  );
}
