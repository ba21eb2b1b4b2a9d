import { useId } from 'react';
import Stamp from 'lucide-react/icons/stamp';
import { WATERMARK_OPACITY, WATERMARK_POSITIONS, type WatermarkPosition } from '@painel/contract';
import { playersCatalogue } from '@/i18n/players.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { cn } from '@/lib/cn.ts';
import { formatPercent } from '@/lib/format.ts';
import type { Logo } from '../api/get-logos.ts';
import type { PlayerDraft } from '../hooks/use-player-draft.ts';
import { LogoPicker } from './logo-picker.tsx';

const POSITION_CLASS: Record<WatermarkPosition, string> = {
  'top-left': 'top-2 left-2',
  'top-right': 'top-2 right-2',
  'bottom-left': 'bottom-2 left-2',
  'bottom-right': 'bottom-2 right-2',
};

/** Watermark: on/off, logo, corner and opacity (10–100), with a sketch of the result. */
export function WatermarkOptions({ value, logos, logosLoading, onChange }: {
  value: PlayerDraft['watermark'];
  logos: Logo[];
  logosLoading: boolean;
  onChange: (patch: Partial<PlayerDraft['watermark']>) => void;
}) {
  const playersTexts = useTexts(playersCatalogue);
  const POSITION_LABEL: Record<WatermarkPosition, string> = {
    'top-left': playersTexts.positionTopLeft,
    'top-right': playersTexts.positionTopRight,
    'bottom-left': playersTexts.positionBottomLeft,
    'bottom-right': playersTexts.positionBottomRight,
  };
  const opacityId = useId();
  const logo = logos.find((l) => l.id === value.logo_id);
  return (
    <SectionCard title={playersTexts.watermarkTitle} description={playersTexts.watermarkDescription} icon={Stamp}>
      <div className="space-y-6">
        <label className="flex items-center gap-3">
          <input
            type="checkbox"
            checked={value.enabled}
            onChange={(e) => onChange({ enabled: e.target.checked })}
            className="h-5 w-5 rounded border-gray-300 text-blue-600 focus-visible:outline-2 focus-visible:outline-blue-500"
          />
          <span className="text-sm font-medium text-gray-800">{playersTexts.watermarkEnable}</span>
        </label>

        <div className={cn('space-y-6', !value.enabled && 'opacity-80')}>
          <LogoPicker logos={logos} loading={logosLoading} value={value.logo_id} onChange={(logo_id) => onChange({ logo_id })} />

          <fieldset>
            <legend className="mb-2 text-sm font-medium text-gray-700">{playersTexts.watermarkPosition}</legend>
            <div className="grid grid-cols-2 gap-2">
              {WATERMARK_POSITIONS.map((p) => (
                <label
                  key={p}
                  className={cn(
                    'relative cursor-pointer rounded-lg border px-3 py-2 text-center text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-500',
                    value.position === p ? 'border-blue-500 bg-blue-50 font-medium text-blue-700' : 'border-gray-200 text-gray-700 hover:border-blue-300',
                  )}
                >
                  <input type="radio" name="watermark-position" value={p} checked={value.position === p} onChange={() => onChange({ position: p })} className="absolute inset-0 z-10 h-full w-full cursor-pointer appearance-none opacity-0" />
                  {POSITION_LABEL[p]}
                </label>
              ))}
            </div>
          </fieldset>

          <div>
            <label htmlFor={opacityId} className="mb-2 flex justify-between text-sm font-medium text-gray-700">
              {playersTexts.watermarkOpacity}
              <span className="tabular-nums text-gray-500">{formatPercent(value.opacity)}</span>
            </label>
            <input
              id={opacityId}
              type="range"
              min={WATERMARK_OPACITY.min}
              max={WATERMARK_OPACITY.max}
              step={5}
              value={value.opacity}
              onChange={(e) => onChange({ opacity: Number(e.target.value) })}
              aria-valuetext={formatPercent(value.opacity)}
              className="w-full accent-blue-600"
            />
          </div>

          <div aria-hidden="true" className="relative aspect-video w-full max-w-xs overflow-hidden rounded-lg bg-gradient-to-br from-gray-800 to-gray-950">
            {value.enabled && logo && (
              <img src={logo.url} alt="" style={{ opacity: value.opacity / 100 }} className={cn('absolute max-h-[18%] max-w-[18%]', POSITION_CLASS[value.position])} />
            )}
          </div>
        </div>
      </div>
    </SectionCard>
  );
}
