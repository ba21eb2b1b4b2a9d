import { useEffect, useMemo, useState } from 'react';
import { toast } from '@/lib/toast.ts';
import GalleryHorizontal from 'lucide-react/icons/gallery-horizontal';
import ImageOff from 'lucide-react/icons/image-off';
import Info from 'lucide-react/icons/info';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import { type WebAppBanner } from '@painel/contract';
import { messageCatalogue } from '@/i18n/messages.ts';
import { multiplatformAppCatalogue } from '@/i18n/multiplatform-app.ts';
import { textsNow, useLocale, useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { errorMessage, serverText } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { formatMinute, formatNumber } from '@/lib/format.ts';
import { useDateTimeFormat } from '@/lib/datetime.ts';
import { useDeleteBanner } from '../api/change-banner.ts';
import { useBanners } from '../api/get-banners.ts';
import { AddBannerModal } from './add-banner-modal.tsx';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';

const cell = 'px-3 py-2.5 first:pl-5 last:pr-5 sm:first:pl-6 sm:last:pr-6';

function BannerRow({ banner, timeZone, onRemove, removing }: { banner: WebAppBanner; timeZone: string; onRemove: () => void; removing: boolean }) {
  const multiplatformAppTexts = useTexts(multiplatformAppCatalogue);
  const locale = useLocale();
  const date = useMemo(() => formatMinute(banner.data_cadastro, timeZone, locale), [banner.data_cadastro, timeZone, locale]);
  return (
    <tr>
      <td className={cn(cell, 'text-gray-900')}>
        <span className="flex items-center gap-3">
          {banner.url_imagem
            ? <img src={banner.url_imagem} alt="" className="h-6 w-40 shrink-0 rounded border border-gray-200 object-contain" />
            : <ImageOff className="h-4 w-4 text-gray-400" aria-hidden="true" />}
          <span className="font-medium">{banner.nome}</span>
        </span>
      </td>
      <td className={cn(cell, 'max-w-xs truncate text-gray-700')}>
        {banner.link
          ? <a href={banner.link} target="_blank" rel="noopener noreferrer" className="text-blue-600 hover:underline">{banner.link}</a>
          : <span className="text-gray-400">{multiplatformAppTexts.bannerNoLink}</span>}
      </td>
      <td className={cn(cell, 'whitespace-nowrap text-gray-700 tabular-nums')}>{date}</td>
      <td className={cn(cell, 'text-gray-700 tabular-nums')} data-testid="banner-views">{formatNumber(banner.exibicoes)}</td>
      <td className={cn(cell, 'text-gray-700 tabular-nums')} data-testid="banner-clicks">{formatNumber(banner.cliques)}</td>
      <td className={cell}>
        <button
          type="button"
          onClick={onRemove}
          disabled={removing}
          aria-label={multiplatformAppTexts.bannerRemove({ name: banner.nome })}
          title={multiplatformAppTexts.bannerRemove({ name: banner.nome })}
          className="inline-flex h-8 w-8 items-center justify-center rounded-lg text-gray-500 hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-red-500 disabled:opacity-50"
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </button>
      </td>
    </tr>
  );
}

/** The app's banners, with their views and clicks in the app, and their addition and removal. */
export function BannersTab() {
  const multiplatformAppTexts = useTexts(multiplatformAppCatalogue);
  const banners = useBanners();
  const remove = useDeleteBanner();
  const { timeZone } = useDateTimeFormat();
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    if (banners.error) console.error('app-multiplataforma/banners', banners.error);
  }, [banners.error]);

  const confirm = useConfirm();

  async function onRemove(b: WebAppBanner) {
    const msg = textsNow(messageCatalogue);
    if (!(await confirm(msg.bannerRemoveConfirm))) return;
    remove.mutate(b.id, {
      onSuccess: (message) => toast.success(serverText(message, msg.bannerRemoved)),
      onError: (err) => toast.error(errorMessage(err, msg.bannerRemoveError)),
    });
  }

  const rows = banners.data ?? [];
  const add = (
    <Button onClick={() => setAdding(true)}>
      <Plus className="h-4 w-4" aria-hidden="true" />
      {multiplatformAppTexts.addBanner}
    </Button>
  );
  return (
    <SectionCard title={multiplatformAppTexts.banners} icon={GalleryHorizontal} actions={add}>
      <div className="space-y-4">
        <p className="flex items-start gap-2 rounded-lg bg-blue-50 px-3 py-2 text-sm text-blue-900" data-testid="banners-notice">
          <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {multiplatformAppTexts.bannersNotice}
        </p>
        {banners.isPending ? (
          <LoadingState />
        ) : rows.length === 0 ? (
          <p className="py-6 text-center text-sm text-gray-500" data-testid="banners-empty">{multiplatformAppTexts.bannersEmpty}</p>
        ) : (
          <div className="-mx-5 overflow-x-auto sm:-mx-6">
            <table className="min-w-full divide-y divide-gray-100 text-sm" data-testid="banners-table">
              <caption className="sr-only">{multiplatformAppTexts.banners}</caption>
              <thead>
                <tr className="text-left text-xs font-semibold tracking-wide text-gray-500 uppercase">
                  {multiplatformAppTexts.bannerColumns.map((c) => <th key={c} scope="col" className={cn(cell, 'py-2 whitespace-nowrap')}>{c}</th>)}
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {rows.map((b) => (
                  <BannerRow key={b.id} banner={b} timeZone={timeZone} onRemove={() => onRemove(b)} removing={remove.isPending && remove.variables === b.id} />
                ))}
              </tbody>
            </table>
          </div>
        )}
        {adding && <AddBannerModal onClose={() => setAdding(false)} />}
      </div>
    </SectionCard>
  );
}
