import { useId, type ReactNode } from 'react';
import ImageIcon from 'lucide-react/icons/image';
import { androidAppCatalogue } from '@/i18n/android-app.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { cn } from '@/lib/cn.ts';
import type { PickedImageField } from '../hooks/use-picked-image.ts';

export const inputClass = 'w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-200 focus:outline-none';
const labelClass = 'mb-1 block text-sm font-medium text-gray-700';

/** A labelled one-line text field. */
export function TextField({
  label, value, onChange, type = 'text', placeholder, maxLength, required, after, inputMode,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'url' | 'email' | 'tel';
  placeholder?: string;
  maxLength?: number;
  required?: boolean;
  after?: ReactNode;
  inputMode?: 'text' | 'url' | 'email' | 'tel';
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>{label}{required && <span className="text-red-600" aria-hidden="true"> *</span>}</label>
      <input
        id={id} type={type} value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder}
        maxLength={maxLength} required={required} inputMode={inputMode} autoComplete="off" className={inputClass}
      />
      {after}
    </div>
  );
}

/** A colour picker with its #RRGGBB value beside it. */
export function ColorField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>{label}</label>
      <div className="flex items-center gap-3">
        <input
          id={id} type="color" value={value.toLowerCase()} onChange={(e) => onChange(e.target.value.toUpperCase())}
          className="h-10 w-14 cursor-pointer rounded-lg border border-gray-300 bg-white p-1"
        />
        <span className="font-mono text-sm text-gray-700" data-testid="color-value">{value.toUpperCase()}</span>
      </div>
    </div>
  );
}

/**
 * A file field for one image of the app: its size and format hint, the picked image shown
 * small with its measured size, and the refusal at once when it is not the right one.
 */
export function ImageField({
  field, label, hint, accept, currentUrl,
}: {
  field: PickedImageField;
  label: string;
  hint: string;
  accept: string;
  /** The image saved now (configure), shown until another is picked. */
  currentUrl?: string;
}) {
  const id = useId();
  const androidAppTexts = useTexts(androidAppCatalogue);
  const shown = field.url ?? currentUrl ?? null;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>{label}</label>
      <div className="flex items-start gap-3">
        <span className={cn(
          'flex h-16 w-16 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-gray-50',
          field.error ? 'border-red-400' : 'border-gray-200',
        )}>
          {shown
            ? <img src={shown} alt={field.url ? field.file?.name ?? label : androidAppTexts.currentImage({ label })} className="h-full w-full object-contain" />
            : <ImageIcon className="h-6 w-6 text-gray-300" aria-hidden="true" />}
        </span>
        <div className="min-w-0 flex-1">
          <input
            id={id} type="file" accept={accept} aria-describedby={`${id}-hint`} aria-invalid={field.error ? true : undefined}
            onChange={(e) => void field.pick(e.target.files?.[0] ?? null)}
            className="block w-full text-sm text-gray-700 file:mr-3 file:rounded-lg file:border-0 file:bg-blue-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-blue-700 hover:file:bg-blue-100"
          />
          <p id={`${id}-hint`} className="mt-1 text-xs text-gray-500">
            {hint}
            {field.file && field.image && !field.error && <> · {androidAppTexts.chosenFile({ name: field.file.name, width: field.image.width, height: field.image.height })}</>}
          </p>
          {field.error && <p className="mt-1 text-sm text-red-600" data-testid={`image-error-${field.kind}`}>{field.error}</p>}
        </div>
      </div>
    </div>
  );
}
