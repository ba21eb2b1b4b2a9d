import { Info } from 'lucide-react';
import { ftpMigrationUi as t } from '@painel/contract';
import { SectionCard } from '@/components/ui/section-card.tsx';

export function FtpHelp() {
  return (
    <SectionCard title={t.helpTitle} icon={Info}>
      <ul className="list-disc space-y-2 pl-5 text-sm text-gray-600">
        {t.help.map((line) => <li key={line}>{line}</li>)}
      </ul>
    </SectionCard>
  );
}
