import { CircleHelp } from 'lucide-react';
import { downloadsUi as t } from '@painel/contract';
import { SectionCard } from '@/components/ui/section-card.tsx';

export function DownloadsHelp() {
  return (
    <SectionCard title={t.helpTitle} icon={CircleHelp}>
      <ul className="list-disc space-y-2 pl-5 text-sm text-gray-700 marker:text-blue-500">
        {t.help.map((h) => <li key={h}>{h}</li>)}
      </ul>
    </SectionCard>
  );
}
