import CircleHelp from 'lucide-react/icons/circle-help';
import { ui } from '@painel/contract';
import { SectionCard } from '@/components/ui/section-card.tsx';

export function SchedulesHelp() {
  return (
    <SectionCard title={ui.schedulesHelpTitle} icon={CircleHelp}>
      <ul className="list-disc space-y-2 pl-5 text-sm text-gray-700 marker:text-blue-500">
        {[ui.schedulesHelp1, ui.schedulesHelp2, ui.schedulesHelp3, ui.schedulesHelp4, ui.schedulesHelp5, ui.schedulesHelp6].map((h) => (
          <li key={h}>{h}</li>
        ))}
      </ul>
    </SectionCard>
  );
}
