import { useId } from 'react';
import { toast } from '@/lib/toast.ts';
import ImageOff from 'lucide-react/icons/image-off';
import Upload from 'lucide-react/icons/upload';
import { WEBAPP_LIMITS } from '@painel/contract';
import { messageCatalogue } from '@/i18n/messages.ts';
import { multiplatformAppCatalogue } from '@/i18n/multiplatform-app.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { cn } from '@/lib/cn.ts';
import { useObjectUrl } from '@/lib/use-object-url.ts';
import { IMAGE_TYPES } from '../utils/webapp-view.ts';

/**
 * An image upload: its label and size hint, a real file input, and a preview of the picked file
 * (else of the saved image). A file over the server's limit is refused at once.
 */
export function ImageField({ label, hint, file, onFile, current = '', previewClass = 'h-20 w-20', resetKey = 0 }: {
  label: string;
  hint: string;
  file: File | null;
  onFile: (file: File | null) => void;
  /** The saved image's address, shown until another is picked. */
  current?: string;
  previewClass?: string;
  /** Changing it empties the input (after a send that clears the form). */
  resetKey?: number;
}) {
  const id = useId();
  const multiplatformAppTexts = useTexts(multiplatformAppCatalogue);
  const picked = useObjectUrl(file);
  const shown = picked ?? (current || null);

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">{label}</label>
      <div className="flex items-center gap-3">
        <span className={cn('flex shrink-0 items-center justify-center overflow-hidden rounded-lg border border-gray-200 bg-[repeating-conic-gradient(#e5e7eb_0_25%,#fff_0_50%)] bg-[length:12px_12px]', previewClass)}>
          {shown
            ? <img src={shown} alt={picked ? multiplatformAppTexts.imageChosen : multiplatformAppTexts.imageCurrent} className="max-h-full max-w-full object-contain" />
            : <ImageOff role="img" className="h-5 w-5 text-gray-400" aria-label={multiplatformAppTexts.imageNone} />}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
            {/* the native input stays (keyboard, setInputFiles) under a label drawn as a button, in the page's language */}
            <input
              key={resetKey}
              id={id}
              type="file"
              accept={IMAGE_TYPES}
              aria-label={label}
              aria-describedby={`${id}-hint`}
              onChange={(e) => {
                const next = e.target.files?.[0] ?? null;
                if (next && next.size > WEBAPP_LIMITS.imageMaxBytes) {
                  toast.error(textsNow(messageCatalogue).imageTooLarge);
                  e.target.value = '';
                  onFile(null);
                  return;
                }
                onFile(next);
              }}
              className="peer sr-only"
            />
            <label
              htmlFor={id}
              aria-hidden="true"
              className="inline-flex shrink-0 cursor-pointer items-center gap-2 rounded-lg bg-blue-50 px-3 py-2 text-sm font-medium text-blue-700 hover:bg-blue-100 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-600"
            >
              <Upload className="h-4 w-4" />
              {multiplatformAppTexts.imagePick}
            </label>
            <span className="max-w-full min-w-0 truncate text-sm text-gray-600">{file?.name ?? multiplatformAppTexts.imageNoFile}</span>
          </div>
          <p id={`${id}-hint`} className="mt-1 text-xs text-gray-500">{hint}</p>
        </div>
      </div>
    </div>
  );
}
