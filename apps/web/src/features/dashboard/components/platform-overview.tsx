import { Globe } from 'lucide-react';
import { ui } from '@painel/contract';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import type { PlatformUse } from '../api/get-dashboard-overview.ts';

/**
 * The destinations the panel knows, by name only: nothing is restreamed to them yet, so no
 * state ("transmitting", how often used) is shown for any of them.
 */
export function PlatformOverview({ platforms, loading }: { platforms: PlatformUse[] | undefined; loading: boolean }) {
  return (
    <SectionCard title={ui.platformOverviewTitle} description={ui.platformsHint} icon={Globe}>
      {loading ? (
        <LoadingState />
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2" data-testid="platform-overview">
          {(platforms ?? []).map((p) => (
            <li key={p.id} className="truncate rounded-lg border border-gray-100 px-3 py-2 text-sm font-medium text-gray-800">{p.nome}</li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
