import CircleHelp from 'lucide-react/icons/circle-help';
import { commonCatalogue } from '@/i18n/common.ts';
import { livesCatalogue } from '@/i18n/lives.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { SectionCard } from '@/components/ui/section-card.tsx';

export function LivesHelp() {
  const commonTexts = useTexts(commonCatalogue);
  const livesTexts = useTexts(livesCatalogue);
  return (
    <SectionCard title={commonTexts.help} icon={CircleHelp}>
      <ul className="list-disc space-y-2 pl-5 text-sm text-gray-700 marker:text-blue-500">
        {[livesTexts.help1, livesTexts.help2, livesTexts.help3, livesTexts.help4].map((h) => <li key={h}>{h}</li>)}
      </ul>
    </SectionCard>
  );
}
