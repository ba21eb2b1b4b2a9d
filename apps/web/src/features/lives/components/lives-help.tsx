import CircleHelp from 'lucide-react/icons/circle-help';
import { ui } from '@painel/contract';
import { SectionCard } from '@/components/ui/section-card.tsx';

export function LivesHelp() {
  return (
    <SectionCard title={ui.livesHelpTitle} icon={CircleHelp}>
      <ul className="list-disc space-y-2 pl-5 text-sm text-gray-700 marker:text-blue-500">
        {[ui.livesHelp1, ui.livesHelp2, ui.livesHelp3, ui.livesHelp4].map((h) => <li key={h}>{h}</li>)}
      </ul>
    </SectionCard>
  );
}
