import CircleHelp from 'lucide-react/icons/circle-help';
import { commercialsCatalogue } from '@/i18n/commercials.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { SectionCard } from '@/components/ui/section-card.tsx';

export function CommercialsHelp() {
  const commercialsTexts = useTexts(commercialsCatalogue);
  return (
    <SectionCard title={commercialsTexts.helpTitle} icon={CircleHelp}>
      <ul className="list-disc space-y-2 pl-5 text-sm text-gray-700 marker:text-blue-500">
        {[commercialsTexts.help1, commercialsTexts.help2, commercialsTexts.help3, commercialsTexts.help4].map((h) => <li key={h}>{h}</li>)}
      </ul>
    </SectionCard>
  );
}
