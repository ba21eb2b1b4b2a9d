import Gauge from 'lucide-react/icons/gauge';
import HardDrive from 'lucide-react/icons/hard-drive';
import type { LucideIcon } from 'lucide-react';
import { DEFAULT_STORAGE_MB } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { videosCatalogue } from '@/i18n/videos.ts';
import { useUser } from '@/lib/auth.ts';
import { formatBitrate, formatMegabytes, formatPercent } from '@/lib/format.ts';
import { planBitrate } from '@/lib/account.ts';
import type { FolderItem } from '@/lib/folders.ts';
import { UsageBar } from '@/components/ui/usage-bar.tsx';

function Fact({ icon: Icon, label, value, tone }: { icon: LucideIcon; label: string; value: string; tone: string }) {
  return (
    <div className="flex items-center gap-3">
      <span className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-lg ${tone}`}>
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <div>
        <p className="text-sm text-gray-500">{label}</p>
        <p className="font-semibold text-gray-900">{value}</p>
      </div>
    </div>
  );
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The plan's limits (bitrate default 2500 kbps, storage default 1000 MB) and the space the folders use. */
export function PlanInfo({ folders }: { folders: FolderItem[] | undefined }) {
  const commonTexts = useTexts(commonCatalogue);
  const videosTexts = useTexts(videosCatalogue);
  const { data: user } = useUser();
  const storage = user?.espaco && user.espaco > 0 ? user.espaco : DEFAULT_STORAGE_MB;
  const used = round2((folders ?? []).reduce((sum, f) => sum + f.espaco_usado, 0));
  const pct = round2((used / storage) * 100);

  return (
    <section aria-label={videosTexts.planInfoTitle} className="grid gap-4 rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:grid-cols-3">
      <Fact icon={Gauge} label={commonTexts.bitrateLabel} value={formatBitrate(planBitrate(user))} tone="bg-violet-100 text-violet-600" />
      <Fact icon={HardDrive} label={commonTexts.storage} value={formatMegabytes(storage)} tone="bg-blue-100 text-blue-600" />
      <div className="flex flex-col justify-center gap-1.5">
        <p className="flex justify-between text-sm">
          <span className="text-gray-500">{videosTexts.planStorageUsedLabel}</span>
          <span className="font-semibold text-gray-900">{formatMegabytes(used)}</span>
        </p>
        <UsageBar percent={pct} label={videosTexts.storageUsage({ pct: formatPercent(pct, 1) })} />
      </div>
    </section>
  );
}
