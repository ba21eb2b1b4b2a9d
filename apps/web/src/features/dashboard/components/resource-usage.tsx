import Cpu from 'lucide-react/icons/cpu';
import { commonCatalogue } from '@/i18n/common.ts';
import { dashboardCatalogue } from '@/i18n/dashboard.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { UsageBar } from '@/components/ui/usage-bar.tsx';
import { formatBitrate, formatMegabytes, formatNumber } from '@/lib/format.ts';
import type { DashboardOverview } from '../api/get-dashboard-overview.ts';
import { storagePercent } from './storage-format.ts';

function Row({ label, detail, percent }: { label: string; detail: string; percent: number }) {
  return (
    <li>
      <div className="mb-1.5 flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-gray-700">{label}</span>
        <span className="text-xs whitespace-nowrap text-gray-500 tabular-nums">{detail}</span>
      </div>
      <UsageBar percent={percent} label={label} />
    </li>
  );
}

const pct = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 1000) / 10 : 0);

/**
 * The plan's limits against what is measured now (storage, simultaneous viewers, incoming
 * bitrate), then the server's own load (CPU, memory, disk) as the overview reports it.
 */
export function ResourceUsage({ usedMb, totalMb, viewers, viewerLimit, bitrate, bitrateLimit, server }: {
  usedMb: number; totalMb: number; viewers: number; viewerLimit: number; bitrate: number; bitrateLimit: number;
  server: DashboardOverview['recursos'] | undefined;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const dashboardTexts = useTexts(dashboardCatalogue);
  return (
    <SectionCard title={dashboardTexts.resourceUsageTitle} icon={Cpu}>
      <ul className="space-y-5">
        <Row label={commonTexts.storage} detail={commonTexts.ofTotal({ part: formatMegabytes(usedMb), total: formatMegabytes(totalMb) })} percent={storagePercent(usedMb, totalMb)} />
        <Row label={commonTexts.viewers} detail={dashboardTexts.countOfLimit({ n: formatNumber(viewers), limit: formatNumber(viewerLimit) })} percent={pct(viewers, viewerLimit)} />
        <Row label={dashboardTexts.bandwidthLabel} detail={commonTexts.ofTotal({ part: formatBitrate(bitrate), total: formatBitrate(bitrateLimit) })} percent={pct(bitrate, bitrateLimit)} />
      </ul>
      {server && (server.cpu || server.memoria || server.disco) && (
        <>
          <h3 className="mt-6 mb-3 text-xs font-semibold tracking-wide text-gray-500 uppercase">{dashboardTexts.server}</h3>
          <ul className="space-y-5">
            {server.cpu && <Row label={dashboardTexts.cpuLabel} detail={dashboardTexts.cpuCores({ n: server.cpu.nucleos })} percent={server.cpu.percentual} />}
            {server.memoria && (
              <Row label={dashboardTexts.memoryLabel} detail={commonTexts.ofTotal({ part: formatMegabytes(server.memoria.usada_mb), total: formatMegabytes(server.memoria.total_mb) })} percent={server.memoria.percentual} />
            )}
            {server.disco && (
              <Row label={dashboardTexts.diskLabel} detail={commonTexts.ofTotal({ part: formatMegabytes(server.disco.usado_mb), total: formatMegabytes(server.disco.total_mb) })} percent={server.disco.percentual} />
            )}
          </ul>
          {server.disco?.abaixo_do_minimo && (
            <p role="alert" className="mt-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800">
              {dashboardTexts.diskBelowMinimum({ free: formatMegabytes(server.disco.livre_mb), min: formatMegabytes(server.disco.minimo_livre_mb) })}
            </p>
          )}
        </>
      )}
    </SectionCard>
  );
}
