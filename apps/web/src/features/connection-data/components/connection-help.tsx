import CircleHelp from 'lucide-react/icons/circle-help';
import MonitorUp from 'lucide-react/icons/monitor-up';
import { commonCatalogue } from '@/i18n/common.ts';
import { connectionDataCatalogue } from '@/i18n/connection-data.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { formatMegabytes } from '@/lib/format.ts';

/** What the connection data is for, the upload limits, and the steps to set up OBS. */
export function ConnectionHelp({ storageMb }: { storageMb: number }) {
  const commonTexts = useTexts(commonCatalogue);
  const connectionDataTexts = useTexts(connectionDataCatalogue);
  const help = [
    connectionDataTexts.helpRtmp,
    connectionDataTexts.helpStreamKey,
    connectionDataTexts.helpHls,
    connectionDataTexts.helpFormats,
    connectionDataTexts.helpSizeLimit({ size: formatMegabytes(storageMb) }),
  ];
  const obs = [connectionDataTexts.obsStep1, connectionDataTexts.obsStep2, connectionDataTexts.obsStep3, connectionDataTexts.obsStep4, connectionDataTexts.obsStep5];
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <SectionCard title={commonTexts.help} icon={CircleHelp}>
        <ul className="list-disc space-y-2 pl-5 text-sm text-gray-700 marker:text-blue-500">
          {help.map((h) => <li key={h}>{h}</li>)}
        </ul>
      </SectionCard>
      <SectionCard title={connectionDataTexts.obsTitle} icon={MonitorUp}>
        <ol className="list-decimal space-y-2 pl-5 text-sm text-gray-700 marker:font-semibold marker:text-blue-600">
          {obs.map((h) => <li key={h}>{h}</li>)}
        </ol>
      </SectionCard>
    </div>
  );
}
