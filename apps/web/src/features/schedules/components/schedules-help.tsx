import CircleHelp from 'lucide-react/icons/circle-help';
import { schedulesTexts } from '@/i18n/pt-BR/schedules.ts';
import { SectionCard } from '@/components/ui/section-card.tsx';

export function SchedulesHelp() {
  return (
    <SectionCard title={schedulesTexts.helpTitle} icon={CircleHelp}>
      <ul className="list-disc space-y-2 pl-5 text-sm text-gray-700 marker:text-blue-500">
        {[schedulesTexts.help1, schedulesTexts.help2, schedulesTexts.help3, schedulesTexts.help4, schedulesTexts.help5, schedulesTexts.help6].map((h) => (
          <li key={h}>{h}</li>
        ))}
      </ul>
    </SectionCard>
  );
}
