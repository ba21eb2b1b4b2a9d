import CircleHelp from 'lucide-react/icons/circle-help';
import { ui } from '@painel/contract';
import { SectionCard } from '@/components/ui/section-card.tsx';

export function CommercialsHelp() {
  return (
    <SectionCard title={ui.commercialsHelpTitle} icon={CircleHelp}>
      <ul className="list-disc space-y-2 pl-5 text-sm text-gray-700 marker:text-blue-500">
        {[ui.commercialsHelp1, ui.commercialsHelp2, ui.commercialsHelp3, ui.commercialsHelp4].map((h) => <li key={h}>{h}</li>)}
      </ul>
    </SectionCard>
  );
}
