import ArrowUp from 'lucide-react/icons/arrow-up';
import ChevronRight from 'lucide-react/icons/chevron-right';
import FileVideo from 'lucide-react/icons/file-video';
import File from 'lucide-react/icons/file';
import Folder from 'lucide-react/icons/folder';
import FolderSearch from 'lucide-react/icons/folder-search';
import LogOut from 'lucide-react/icons/log-out';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import Server from 'lucide-react/icons/server';
import { type FtpEntry } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { ftpMigrationCatalogue } from '@/i18n/ftp-migration.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatBytes } from '@/lib/format.ts';
import type { FtpBrowser } from '../hooks/use-ftp-browser.ts';
import { breadcrumbs, parentPath } from '../utils/migration-view.ts';

const asSelected = (e: FtpEntry) => ({ name: e.name, path: e.path, size: e.size });

/** The remote directory: a breadcrumb, directories to open, video files to tick (nothing else can be ticked). */
export function FileBrowser({ browser, scanning, onScan }: { browser: FtpBrowser; scanning: boolean; onScan: () => void }) {
  const commonTexts = useTexts(commonCatalogue);
  const t = useTexts(ftpMigrationCatalogue);
  const { connection, path, files, listing, navigate, selected, pick } = browser;
  const videos = files.filter((f) => f.type === 'file' && f.isVideo);
  const allTicked = videos.length > 0 && videos.every((v) => selected.has(v.path));
  return (
    <SectionCard
      title={t.browserTitle}
      description={connection?.host ? t.connectedTo({ host: connection.host, user: connection.usuario ?? '' }) : undefined}
      icon={Server}
      actions={(
        <Button variant="secondary" onClick={browser.disconnect}>
          <LogOut className="h-4 w-4" aria-hidden="true" />
          {t.disconnect}
        </Button>
      )}
    >
      <nav aria-label={t.breadcrumb} className="mb-3 flex flex-wrap items-center gap-1 text-sm">
        {breadcrumbs(path, t.root).map((c, i, all) => (
          <span key={c.path} className="flex items-center gap-1">
            {i > 0 && <ChevronRight className="h-4 w-4 text-gray-400" aria-hidden="true" />}
            {i === all.length - 1
              ? <span aria-current="page" className="font-medium text-gray-900">{c.label}</span>
              : <button type="button" className="text-blue-600 hover:underline" onClick={() => navigate(c.path)}>{c.label}</button>}
          </span>
        ))}
      </nav>
      <div className="mb-3 flex flex-wrap gap-2">
        <Button variant="secondary" disabled={path === '/' || listing} onClick={() => navigate(parentPath(path))}>
          <ArrowUp className="h-4 w-4" aria-hidden="true" />
          {t.up}
        </Button>
        <Button variant="secondary" disabled={listing} onClick={() => navigate(path)}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" />
          {commonTexts.refresh}
        </Button>
        <Button variant="secondary" disabled={scanning} onClick={onScan}>
          {scanning ? <Spinner className="h-4 w-4" /> : <FolderSearch className="h-4 w-4" aria-hidden="true" />}
          {scanning ? t.scanning : t.scan}
        </Button>
      </div>
      <div className="relative max-h-[28rem] overflow-y-auto rounded-lg border border-gray-200">
        {listing && (
          <div role="status" className="absolute inset-0 z-10 flex items-center justify-center gap-2 bg-white/70 text-sm text-gray-600">
            <Spinner className="text-blue-600" />
            {commonTexts.loading}
          </div>
        )}
        <table className="w-full text-left text-sm">
          <thead className="sticky top-0 bg-gray-50 text-xs text-gray-500 uppercase">
            <tr>
              <th scope="col" className="w-10 px-3 py-2">
                {videos.length > 0 && (
                  <input type="checkbox" aria-label={t.selectVisible} checked={allTicked} onChange={() => pick(videos.map(asSelected), !allTicked)} />
                )}
              </th>
              <th scope="col" className="px-3 py-2">{t.columnName}</th>
              <th scope="col" className="px-3 py-2 text-right">{commonTexts.size}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {files.length === 0 && !listing && (
              <tr><td colSpan={3} className="px-3 py-6 text-center text-gray-500">{t.emptyDirectory}</td></tr>
            )}
            {files.map((e) => (
              <tr key={e.path} className="hover:bg-gray-50">
                <td className="px-3 py-2">
                  {e.type === 'file' && (
                    <input
                      type="checkbox"
                      aria-label={t.selectFile({ name: e.name })}
                      disabled={!e.isVideo}
                      checked={selected.has(e.path)}
                      onChange={(ev) => pick([asSelected(e)], ev.target.checked)}
                    />
                  )}
                </td>
                <td className="px-3 py-2">
                  {e.type === 'directory' ? (
                    <button type="button" aria-label={t.openDirectory({ name: e.name })} className="flex items-center gap-2 font-medium text-blue-700 hover:underline" onClick={() => navigate(e.path)}>
                      <Folder className="h-4 w-4 shrink-0 text-yellow-500" aria-hidden="true" />
                      <span className="break-all">{e.name}</span>
                    </button>
                  ) : (
                    <span className="flex items-center gap-2">
                      {e.isVideo ? <FileVideo className="h-4 w-4 shrink-0 text-blue-500" aria-hidden="true" /> : <File className="h-4 w-4 shrink-0 text-gray-400" aria-hidden="true" />}
                      <span className={e.isVideo ? 'break-all text-gray-900' : 'break-all text-gray-500'}>{e.name}</span>
                      {!e.isVideo && <span className="rounded bg-gray-100 px-1.5 py-0.5 text-xs text-gray-500">{t.notAVideo}</span>}
                    </span>
                  )}
                </td>
                <td className="px-3 py-2 text-right whitespace-nowrap text-gray-600">{e.type === 'file' ? formatBytes(e.size) : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </SectionCard>
  );
}
