import LifeBuoy from 'lucide-react/icons/life-buoy';
import type { StatusResponse } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { dashboardCatalogue } from '@/i18n/dashboard.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { standbyText } from '../utils/standby-text.ts';

/**
 * The standby signal of the OBS broadcast on air: a clear notice while it holds the channel (OBS
 * away), a small line while it waits behind OBS.
 */
export function StandbyNotice({ status }: { status: StatusResponse }) {
  const commonTexts = useTexts(commonCatalogue);
  const dashboardTexts = useTexts(dashboardCatalogue);
  const shown = standbyText(status, dashboardTexts);
  if (!shown) return null;
  if (!shown.onAir) {
    return (
      <p data-testid="standby-armed" className="flex items-center gap-2 text-sm text-gray-600">
        <LifeBuoy className="h-4 w-4 shrink-0 text-green-600" aria-hidden="true" />
        {shown.text}
      </p>
    );
  }
  return (
    <div role="status" data-testid="standby-on-air" className="rounded-xl border border-amber-200 bg-amber-50 px-5 py-4 text-amber-900">
      <p className="flex items-start gap-2 font-semibold">
        <span className="mt-1.5 h-2.5 w-2.5 shrink-0 animate-pulse rounded-full bg-amber-500" aria-hidden="true" />
        {shown.text}
      </p>
      <p className="mt-1 text-sm">{dashboardTexts.standbyOnAirHint({ button: commonTexts.finishBroadcast })}</p>
    </div>
  );
}
