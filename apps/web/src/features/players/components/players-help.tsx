import CircleHelp from 'lucide-react/icons/circle-help';
import { ui } from '@painel/contract';
import { SectionCard } from '@/components/ui/section-card.tsx';

/** How the player page, types, watermark and embed relate. */
export function PlayersHelp() {
  const items = [ui.playersHelp1, ui.playersHelp2, ui.playersHelp3, ui.playersHelp4];
  return (
    <SectionCard title={ui.playersHelpTitle} icon={CircleHelp}>
      <ul className="list-disc space-y-2 pl-5 text-sm text-gray-700 marker:text-blue-500">
        {items.map((t) => <li key={t}>{t}</li>)}
      </ul>
    </SectionCard>
  );
}
