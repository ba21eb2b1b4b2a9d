import CircleHelp from 'lucide-react/icons/circle-help';
import { useTexts } from '@/i18n/runtime.ts';
import { schedulesCatalogue } from '@/i18n/schedules.ts';
import { SectionCard } from '@/components/ui/section-card.tsx';

export function SchedulesHelp() {
  const schedulesTexts = useTexts(schedulesCatalogue);
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
