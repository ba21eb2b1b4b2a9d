import { useId } from 'react';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import Download from 'lucide-react/icons/download';
import { commonCatalogue } from '@/i18n/common.ts';
import { downloadsCatalogue } from '@/i18n/downloads.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import type { FolderItem } from '@/lib/folders.ts';
import type { LinkCheck } from '../utils/link-check.ts';
import { VideoInfoCard } from './video-info-card.tsx';

const field = 'w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-200 focus:outline-none disabled:bg-gray-100';
const labelCls = 'mb-1 block text-sm font-medium text-gray-700';

/** The link, its check and what the site says of the video, the destination folder, 'Baixar'. */
export function DownloadForm({
  link, onLink, folderId, onFolder, folders, check, starting, onSubmit,
}: {
  link: string;
  onLink: (v: string) => void;
  folderId: string;
  onFolder: (v: string) => void;
  folders: FolderItem[];
  check: LinkCheck;
  starting: boolean;
  onSubmit: () => void;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const t = useTexts(downloadsCatalogue);
  const msg = useTexts(messageCatalogue);
  const id = useId();
  return (
    <SectionCard title={t.formTitle} icon={Download}>
      <form
        noValidate
        aria-label={t.formTitle}
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <div>
          <label htmlFor={`${id}-link`} className={labelCls}>{t.linkLabel}</label>
          <input
            id={`${id}-link`}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            className={field}
            placeholder={t.linkPlaceholder}
            value={link}
            onChange={(e) => onLink(e.target.value)}
          />
          <div role="status" className="mt-1.5 min-h-5 text-sm">
            {check.state === 'checking' && (
              <span className="inline-flex items-center gap-1.5 text-gray-500"><Spinner className="h-4 w-4" />{t.linkChecking}</span>
            )}
            {check.state === 'valid' && (
              <span className="inline-flex items-center gap-1.5 text-green-700"><CircleCheck className="h-4 w-4" aria-hidden="true" />{msg.downloadValidUrl}</span>
            )}
            {check.state === 'invalid' && (
              <span className="inline-flex items-start gap-1.5 text-red-700">
                <CircleX className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                <span>{msg.downloadInvalidUrl}{check.reason !== msg.downloadInvalidUrl && <span className="block text-gray-600">{check.reason}</span>}</span>
              </span>
            )}
          </div>
        </div>

        {check.state === 'valid' && <VideoInfoCard info={check.info} />}

        <div>
          <label htmlFor={`${id}-folder`} className={labelCls}>{commonTexts.destinationFolder}</label>
          <select id={`${id}-folder`} className={field} value={folderId} onChange={(e) => onFolder(e.target.value)}>
            <option value="">{commonTexts.selectFolder}</option>
            {folders.map((f) => <option key={f.id} value={f.id}>{f.nome}</option>)}
          </select>
          <p className="mt-1.5 text-xs text-gray-500">{t.qualityNote}</p>
        </div>

        <Button type="submit" variant="danger" disabled={starting || check.state === 'checking'} className="w-full sm:w-auto">
          {starting ? <Spinner className="h-4 w-4" /> : <Download className="h-4 w-4" aria-hidden="true" />}
          {starting ? commonTexts.starting : t.downloadButton}
        </Button>
      </form>
    </SectionCard>
  );
}
