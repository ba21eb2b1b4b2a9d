import { Link } from 'react-router';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { commonCatalogue } from '@/i18n/common.ts';
import { useTexts } from '@/i18n/runtime.ts';

/** The top of a management page: the way back to the dashboard, the page's title and what it is for. */
export function PageHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  const commonTexts = useTexts(commonCatalogue);
  return (
    <>
      <Link to="/dashboard" className="inline-flex items-center gap-2 text-sm font-medium text-blue-600 hover:text-blue-800">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {commonTexts.backToDashboard}
      </Link>
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
        {subtitle && <p className="mt-1 text-gray-500">{subtitle}</p>}
      </div>
    </>
  );
}
