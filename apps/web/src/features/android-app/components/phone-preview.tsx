import ExternalLink from 'lucide-react/icons/external-link';
import Smartphone from 'lucide-react/icons/smartphone';
import { commonCatalogue } from '@/i18n/common.ts';
import { androidAppCatalogue } from '@/i18n/android-app.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { SectionCard } from '@/components/ui/section-card.tsx';

/** The channel's Android app page inside a phone-shaped frame; `version` changes (a saved configuration) reload it. */
export function PhonePreview({ src, version }: { src: string; version: number }) {
  const commonTexts = useTexts(commonCatalogue);
  const androidAppTexts = useTexts(androidAppCatalogue);
  return (
    <SectionCard title={commonTexts.preview} description={androidAppTexts.previewDescription} icon={Smartphone}>
      <div className="mx-auto w-full max-w-[300px] rounded-[2.5rem] border-[10px] border-gray-900 bg-gray-900 shadow-xl">
        <div className="mx-auto mb-2 h-1.5 w-16 rounded-full bg-gray-700" aria-hidden="true" />
        <div className="relative aspect-[9/16] overflow-hidden rounded-[1.5rem] bg-white">
          <iframe
            key={version}
            src={src}
            title={androidAppTexts.previewFrame}
            data-testid="android-preview"
            referrerPolicy="same-origin"
            allow="autoplay; fullscreen"
            className="absolute inset-0 h-full w-full border-0"
          />
        </div>
        <div className="mx-auto mt-2 h-1.5 w-10 rounded-full bg-gray-700" aria-hidden="true" />
      </div>
      <p className="mt-4 text-center">
        <a href={src} target="_blank" rel="noopener" className="inline-flex items-center gap-1.5 text-sm font-medium text-blue-600 hover:text-blue-800">
          <ExternalLink className="h-4 w-4" aria-hidden="true" />
          {androidAppTexts.previewOpen}
        </a>
      </p>
    </SectionCard>
  );
}
