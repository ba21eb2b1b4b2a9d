import CircleHelp from 'lucide-react/icons/circle-help';
import MonitorUp from 'lucide-react/icons/monitor-up';
import { ui } from '@painel/contract';
import { SectionCard } from '@/components/ui/section-card.tsx';

/** What the connection data is for, the upload limits, and the steps to set up OBS. */
export function ConnectionHelp({ storageMb }: { storageMb: number }) {
  const help = [
    ui.helpRtmp,
    ui.helpStreamKey,
    ui.helpHls,
    ui.helpFormats,
    ui.helpSizeLimit(storageMb),
  ];
  const obs = [ui.obsStep1, ui.obsStep2, ui.obsStep3, ui.obsStep4, ui.obsStep5];
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <SectionCard title={ui.connectionHelpTitle} icon={CircleHelp}>
        <ul className="list-disc space-y-2 pl-5 text-sm text-gray-700 marker:text-blue-500">
          {help.map((h) => <li key={h}>{h}</li>)}
        </ul>
      </SectionCard>
      <SectionCard title={ui.obsTitle} icon={MonitorUp}>
        <ol className="list-decimal space-y-2 pl-5 text-sm text-gray-700 marker:font-semibold marker:text-blue-600">
          {obs.map((h) => <li key={h}>{h}</li>)}
        </ol>
      </SectionCard>
    </div>
  );
}
