import { useId } from 'react';
import Code2 from 'lucide-react/icons/code-2';
import Copy from 'lucide-react/icons/copy';
import { commonCatalogue } from '@/i18n/common.ts';
import { playersCatalogue } from '@/i18n/players.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { PLAYER_ASPECT_RATIOS, type PlayerAspectRatio } from '@/components/external-player.tsx';
import { Button } from '@/components/ui/button.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { copyWithToast } from '@/lib/clipboard.ts';

const SIZE: Record<PlayerAspectRatio, [number, number]> = { '16:9': [640, 360], '4:3': [640, 480], '1:1': [480, 480] };

/** The server's embed code with the frame size of the chosen aspect ratio. */
export function sizedEmbed(code: string, ratio: PlayerAspectRatio): string {
  const [w, h] = SIZE[ratio];
  return code.replace(/\swidth="\d+"/, ` width="${w}"`).replace(/\sheight="\d+"/, ` height="${h}"`);
}

function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm text-gray-700">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="h-4 w-4 rounded border-gray-300 text-blue-600" />
      {label}
    </label>
  );
}

export interface EmbedOptions {
  contador: boolean;
  compartilhamento: boolean;
  ratio: PlayerAspectRatio;
}

/** Embed options (viewer counter, share button, size) and the code to paste into a site. */
export function EmbedCode({ code, loading, options, onOptions }: {
  code: string | undefined;
  loading: boolean;
  options: EmbedOptions;
  onOptions: (o: EmbedOptions) => void;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const playersTexts = useTexts(playersCatalogue);
  const codeId = useId();
  const ratioId = useId();
  const text = code ? sizedEmbed(code, options.ratio) : '';
  return (
    <SectionCard title={playersTexts.embedCode} description={playersTexts.embedDescription} icon={Code2}>
      <div className="space-y-4">
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
          <Toggle label={commonTexts.viewerCounter} checked={options.contador} onChange={(contador) => onOptions({ ...options, contador })} />
          <Toggle label={playersTexts.embedShare} checked={options.compartilhamento} onChange={(compartilhamento) => onOptions({ ...options, compartilhamento })} />
          <label htmlFor={ratioId} className="flex items-center gap-2 text-sm text-gray-700">
            {playersTexts.aspectRatio}
            <select
              id={ratioId}
              value={options.ratio}
              onChange={(e) => onOptions({ ...options, ratio: e.target.value as PlayerAspectRatio })}
              className="rounded-lg border border-gray-300 bg-white px-2 py-1 text-sm"
            >
              {PLAYER_ASPECT_RATIOS.map((r) => <option key={r} value={r}>{r}</option>)}
            </select>
          </label>
        </div>
        <div>
          <label htmlFor={codeId} className="mb-1.5 flex items-center gap-2 text-sm font-medium text-gray-700">
            {playersTexts.embedCodeLabel}
            {loading && <Spinner className="h-4 w-4 text-blue-600" />}
          </label>
          <textarea
            id={codeId}
            data-testid="embed-code"
            readOnly
            value={text}
            rows={5}
            onFocus={(e) => e.currentTarget.select()}
            className="w-full resize-none rounded-lg border border-gray-200 bg-gray-50 p-3 font-mono text-xs text-gray-800"
          />
        </div>
        <Button onClick={() => void copyWithToast(text, playersTexts.embedCode)} disabled={!text}>
          <Copy className="h-4 w-4" aria-hidden="true" />
          {playersTexts.copyEmbed}
        </Button>
      </div>
    </SectionCard>
  );
}
