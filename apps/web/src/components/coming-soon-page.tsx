import { Link } from 'react-router';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import Clock from 'lucide-react/icons/clock';
import { DEFAULT_MENU } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { useMenuLabel } from '@/lib/menu-label.ts';
import { MenuIcon } from './ui/menu-icon.tsx';

/** Stand-in for a page whose feature is still to be built: its title, a back link, a notice. */
export function ComingSoonPage({ menuId }: { menuId: string }) {
  const commonTexts = useTexts(commonCatalogue);
  const labelOf = useMenuLabel();
  const item = DEFAULT_MENU.find((m) => m.id === menuId);
  const title = item ? labelOf(item) : commonTexts.pageFallback;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link
        to="/dashboard"
        className="inline-flex items-center gap-2 text-sm font-medium text-blue-600 hover:text-blue-800"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {commonTexts.backToDashboard}
      </Link>
      <div className="flex items-center gap-3">
        <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-blue-100 text-blue-600">
          <MenuIcon name={item?.icon ?? 'Settings'} className="h-6 w-6" />
        </span>
        <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
      </div>
      <div className="flex items-start gap-3 rounded-xl border border-blue-100 bg-blue-50 p-5 text-blue-900">
        <Clock className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <p>{commonTexts.comingSoon}</p>
      </div>
    </div>
  );
}
