import type { Pool } from '@painel/contract';
import { managementCatalogue } from '@/i18n/management.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { UsageBar } from '@/components/ui/usage-bar.tsx';
import { formatBitrate, formatMegabytes, formatNumber } from '@/lib/format.ts';

const percentOf = (used: number, total: number) => (total > 0 ? (used / total) * 100 : used > 0 ? 100 : 0);

/** The reseller's pool: streamings used of the plan's, and the viewers and storage handed out of its total. */
export function PoolSummary({ pool }: { pool: Pool }) {
  const managementTexts = useTexts(managementCatalogue);
  const items = [
    { key: 'streamings', label: managementTexts.poolStreamings, used: pool.streamings, total: pool.max_streamings, shown: managementTexts.poolOf({ used: formatNumber(pool.streamings), total: formatNumber(pool.max_streamings) }) },
    { key: 'viewers', label: managementTexts.poolViewers, used: pool.espectadores_usados, total: pool.espectadores, shown: managementTexts.poolOf({ used: formatNumber(pool.espectadores_usados), total: formatNumber(pool.espectadores) }) },
    { key: 'storage', label: managementTexts.poolStorage, used: pool.espaco_usado, total: pool.espaco, shown: managementTexts.poolOf({ used: formatMegabytes(pool.espaco_usado), total: formatMegabytes(pool.espaco) }) },
  ];
  return (
    <section aria-labelledby="pool-title" className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6" data-testid="pool-summary">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="pool-title" className="text-lg font-semibold text-gray-900">{managementTexts.poolTitle}</h2>
        <p className="text-sm text-gray-500">{managementTexts.poolBitrate({ bitrate: formatBitrate(pool.bitrate) })}</p>
      </div>
      <dl className="grid gap-4 sm:grid-cols-3">
        {items.map((item) => (
          <div key={item.key} data-testid={`pool-${item.key}`}>
            <dt className="text-sm font-medium text-gray-600">{item.label}</dt>
            <dd className="mt-1 space-y-2">
              <span className="block text-xl font-semibold text-gray-900 tabular-nums">{item.shown}</span>
              <UsageBar percent={percentOf(item.used, item.total)} label={item.label} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
