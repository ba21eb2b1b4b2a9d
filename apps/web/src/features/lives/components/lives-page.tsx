import Info from 'lucide-react/icons/info';
import { commonCatalogue } from '@/i18n/common.ts';
import { livesCatalogue } from '@/i18n/lives.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { ActiveBroadcast } from './active-broadcast.tsx';
import { LiveForm } from './live-form.tsx';
import { LivesHelp } from './lives-help.tsx';
import { LivesTable } from './lives-table.tsx';

/** /dashboard/iniciar-transmissao: the channel on air, the account's lives, and the form that registers one. */
export function LivesPage() {
  const commonTexts = useTexts(commonCatalogue);
  const livesTexts = useTexts(livesCatalogue);
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader title={commonTexts.startBroadcast} subtitle={livesTexts.subtitle} />
      <p role="note" className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
        <Info className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        {livesTexts.warning}
      </p>
      <ActiveBroadcast />
      <LivesTable />
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <LiveForm />
        </div>
        <div className="lg:col-span-2">
          <LivesHelp />
        </div>
      </div>
    </div>
  );
}
