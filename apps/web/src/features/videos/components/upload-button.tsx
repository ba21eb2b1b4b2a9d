import { useId, useRef } from 'react';
import Upload from 'lucide-react/icons/upload';
import { toast } from '@/lib/toast.ts';
import { commonCatalogue } from '@/i18n/common.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { cn } from '@/lib/cn.ts';

/**
 * "Enviar vídeos": a real file input (labelled, reachable by keyboard, usable by
 * setInputFiles) under a label drawn as a button. Without a folder it says so instead of
 * opening the file chooser.
 */
export function UploadButton({ hasFolder, onFiles }: { hasFolder: boolean; onFiles: (files: File[]) => void }) {
  const commonTexts = useTexts(commonCatalogue);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div>
      <input
        ref={input}
        id={id}
        type="file"
        accept="video/*"
        multiple
        className="peer sr-only"
        onClick={(e) => {
          if (!hasFolder) {
            e.preventDefault();
            toast.error(textsNow(messageCatalogue).selectFolderFirst);
          }
        }}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          // cleared so the same files can be chosen again
          e.target.value = '';
          onFiles(files);
        }}
      />
      <label
        htmlFor={id}
        className={cn(
          'inline-flex cursor-pointer items-center justify-center gap-2 rounded-lg bg-blue-600 px-4 py-2 text-sm font-medium text-white transition-colors hover:bg-blue-700',
          'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-600',
        )}
      >
        <Upload className="h-4 w-4" aria-hidden="true" />
        {commonTexts.uploadVideos}
      </label>
    </div>
  );
}
