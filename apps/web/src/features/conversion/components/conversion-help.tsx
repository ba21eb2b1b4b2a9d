import { CircleHelp } from 'lucide-react';
import { conversionUi } from '@painel/contract';
import { SectionCard } from '@/components/ui/section-card.tsx';

export function ConversionHelp() {
  return (
    <SectionCard title={conversionUi.helpTitle} icon={CircleHelp}>
      <ul className="list-disc space-y-2 pl-5 text-sm text-gray-700 marker:text-blue-500">
        {conversionUi.help.map((h) => <li key={h}>{h}</li>)}
      </ul>
    </SectionCard>
  );
}
