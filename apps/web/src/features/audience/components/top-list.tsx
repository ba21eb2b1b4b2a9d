import type { LucideIcon } from 'lucide-react';
import { audienceCatalogue } from '@/i18n/audience.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { formatNumber, formatPercent } from '@/lib/format.ts';
import type { TopEntry } from '../utils/audience-view.ts';

// a small share keeps a decimal so that 0.4 % does not read as nothing
const percentText = (p: number) => formatPercent(p, p < 10 ? 1 : 0);

/** One of the top five lists (countries, devices): name, sessions and share of the period's sessions. */
export function TopList({ title, icon, entries, testId }: { title: string; icon: LucideIcon; entries: TopEntry[]; testId: string }) {
  const audienceTexts = useTexts(audienceCatalogue);
  return (
    <SectionCard title={title} icon={icon}>
      {entries.length === 0 ? (
        <p className="py-4 text-center text-sm text-gray-500">{audienceTexts.topEmpty}</p>
      ) : (
        <ol className="space-y-3" data-testid={testId}>
          {entries.map((e) => (
            <li key={e.nome}>
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="truncate font-medium text-gray-900" data-testid="top-name">{e.nome}</span>
                <span className="shrink-0 text-gray-600 tabular-nums">
                  {formatNumber(e.count)} <span className="text-gray-400">· {percentText(e.percent)}</span>
                </span>
              </div>
              <ProgressBar value={e.percent} label={audienceTexts.share({ name: e.nome })} className="mt-1.5" />
            </li>
          ))}
        </ol>
      )}
    </SectionCard>
  );
}
