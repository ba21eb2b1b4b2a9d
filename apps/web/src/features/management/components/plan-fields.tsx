import { useId } from 'react';
import type { Pool } from '@painel/contract';
import { managementCatalogue } from '@/i18n/management.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { formatBitrate, formatMegabytes, formatNumber } from '@/lib/format.ts';

export const fieldClass = 'w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-200 focus:outline-none';

/** The plan as typed: text, so a field may be empty while it is edited. */
export interface PlanDraft {
  bitrate: string;
  espectadores: string;
  espaco: string;
}

export const planDraftOf = (p: { bitrate: number; espectadores: number; espaco: number }): PlanDraft => ({
  bitrate: String(p.bitrate), espectadores: String(p.espectadores), espaco: String(p.espaco),
});

/** The typed plan as numbers; a field that is not a whole number is sent as is and refused by the server in the user's language. */
export const planOf = (d: PlanDraft) => ({ bitrate: Number(d.bitrate), espectadores: Number(d.espectadores), espaco: Number(d.espaco) });

/**
 * Bitrate, viewers and storage, each with what the reseller's pool still allows beside it
 * (`left`: viewers and storage left, the edited streaming's own plan counted back in). The
 * operator has no pool: no hint then.
 */
export function PlanFields({ draft, onChange, pool, left, storageUsed }: {
  draft: PlanDraft;
  onChange: (next: PlanDraft) => void;
  pool: Pool | null;
  left: { espectadores: number; espaco: number } | null;
  /** MB the streaming already uses: its storage cannot go below it. */
  storageUsed?: number;
}) {
  const managementTexts = useTexts(managementCatalogue);
  const id = useId();
  const fields = [
    {
      key: 'bitrate' as const, label: managementTexts.bitrateLabel,
      hint: pool ? managementTexts.bitrateRemaining({ max: formatBitrate(pool.bitrate) }) : null,
    },
    {
      key: 'espectadores' as const, label: managementTexts.viewersLabel,
      hint: left ? managementTexts.viewersRemaining({ n: formatNumber(left.espectadores) }) : null,
    },
    {
      key: 'espaco' as const, label: managementTexts.storageLabel,
      hint: [
        left ? managementTexts.storageRemaining({ size: formatMegabytes(left.espaco) }) : null,
        storageUsed !== undefined ? managementTexts.storageInUse({ size: formatMegabytes(storageUsed) }) : null,
      ].filter(Boolean).join(' · ') || null,
    },
  ];
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      {fields.map((f) => (
        <div key={f.key}>
          <label htmlFor={`${id}-${f.key}`} className="mb-1 block text-sm font-medium text-gray-700">{f.label}</label>
          <input
            id={`${id}-${f.key}`}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            required
            value={draft[f.key]}
            onChange={(e) => onChange({ ...draft, [f.key]: e.target.value })}
            aria-describedby={f.hint ? `${id}-${f.key}-hint` : undefined}
            className={fieldClass}
          />
          {f.hint && <p id={`${id}-${f.key}-hint`} className="mt-1 text-xs text-gray-500" data-testid={`pool-left-${f.key}`}>{f.hint}</p>}
        </div>
      ))}
    </div>
  );
}
