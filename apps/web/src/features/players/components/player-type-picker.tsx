import MonitorPlay from 'lucide-react/icons/monitor-play';
import { PLAYER_TYPES, type PlayerType } from '@painel/contract';
import { playersCatalogue } from '@/i18n/players.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { cn } from '@/lib/cn.ts';

/** Video.js (recommended), HLS.js or Clappr: a radio group. */
export function PlayerTypePicker({ value, onChange }: { value: PlayerType; onChange: (t: PlayerType) => void }) {
  const playersTexts = useTexts(playersCatalogue);
  const INFO: Record<PlayerType, { name: string; hint: string }> = {
    videojs: { name: playersTexts.videojs, hint: playersTexts.videojsHint },
    hlsjs: { name: playersTexts.hlsjs, hint: playersTexts.hlsjsHint },
    clappr: { name: playersTexts.clappr, hint: playersTexts.clapprHint },
  };
  return (
    <SectionCard title={playersTexts.typeTitle} icon={MonitorPlay}>
      <fieldset>
        <legend className="sr-only">{playersTexts.typeTitle}</legend>
        <div className="grid gap-3 sm:grid-cols-3 xl:grid-cols-1">
          {PLAYER_TYPES.map((t) => (
            <label
              key={t}
              className={cn(
                'relative flex cursor-pointer flex-col gap-1 rounded-xl border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-500',
                value === t ? 'border-blue-500 bg-blue-50 ring-1 ring-blue-500' : 'border-gray-200 hover:border-blue-300',
              )}
            >
              <input type="radio" name="player-type" value={t} checked={value === t} onChange={() => onChange(t)} className="absolute inset-0 z-10 h-full w-full cursor-pointer appearance-none opacity-0" />
              <span className="flex flex-wrap items-center gap-2 font-medium text-gray-900">
                {INFO[t].name}
                {t === 'videojs' && (
                  <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-700">{playersTexts.recommended}</span>
                )}
              </span>
              <span className="text-xs text-gray-600">{INFO[t].hint}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </SectionCard>
  );
}
