import CircleHelp from 'lucide-react/icons/circle-help';
import { commonCatalogue } from '@/i18n/common.ts';
import { playersCatalogue } from '@/i18n/players.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { SectionCard } from '@/components/ui/section-card.tsx';

/** How the player page, types, watermark and embed relate. */
export function PlayersHelp() {
  const commonTexts = useTexts(commonCatalogue);
  const playersTexts = useTexts(playersCatalogue);
  const items = [playersTexts.help1, playersTexts.help2, playersTexts.help3, playersTexts.help4];
  return (
    <SectionCard title={commonTexts.help} icon={CircleHelp}>
      <ul className="list-disc space-y-2 pl-5 text-sm text-gray-700 marker:text-blue-500">
        {items.map((t) => <li key={t}>{t}</li>)}
      </ul>
    </SectionCard>
  );
}
