import { useId } from 'react';
import ExternalLink from 'lucide-react/icons/external-link';
import Package from 'lucide-react/icons/package';
import QrCode from 'lucide-react/icons/qr-code';
import Smartphone from 'lucide-react/icons/smartphone';
import Code2 from 'lucide-react/icons/code-2';
import { type WebApp } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { multiplatformAppCatalogue } from '@/i18n/multiplatform-app.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { CopyButton } from '@/components/ui/copy-button.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { installCodes, previewKey, samePath } from '../utils/webapp-view.ts';
import { ApkStatus } from './apk-status.tsx';

/** One install code: its name, the snippet as the owner pastes it, and a copy button. */
function CodeRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">{label}</label>
      <div className="flex items-start gap-2">
        <textarea
          id={id}
          readOnly
          value={value}
          rows={value.length > 80 ? 4 : 1}
          data-testid={testId}
          spellCheck={false}
          onFocus={(e) => e.target.select()}
          className="min-w-0 flex-1 resize-none rounded-lg border border-gray-200 bg-gray-50 px-3 py-2 font-mono text-xs break-all text-gray-800 focus:border-blue-500 focus:ring-2 focus:ring-blue-200 focus:outline-none"
        />
        <CopyButton value={value} item={label} />
      </div>
    </div>
  );
}

/**
 * The published app in a phone frame (loaded from the panel's own origin), the codes that
 * install it from the owner's site, its QR code, and its APK.
 */
export function PreviewTab({ app }: { app: WebApp }) {
  const commonTexts = useTexts(commonCatalogue);
  const multiplatformAppTexts = useTexts(multiplatformAppCatalogue);
  const codes = installCodes(app, multiplatformAppTexts);
  return (
    <div className="grid gap-6 lg:grid-cols-[auto_1fr]">
      <section aria-label={commonTexts.preview} className="flex flex-col items-center gap-3">
        <h2 className="flex items-center gap-2 self-start text-lg font-semibold text-gray-900">
          <Smartphone className="h-5 w-5 text-blue-600" aria-hidden="true" />
          {commonTexts.preview}
        </h2>
        <p className="self-start text-sm text-gray-500">{multiplatformAppTexts.previewDescription}</p>
        <div data-testid="phone-frame" className="rounded-[2.5rem] border-[10px] border-gray-900 bg-gray-900 shadow-xl">
          <div className="mx-auto mb-2 h-1.5 w-16 rounded-full bg-gray-700" aria-hidden="true" />
          <iframe
            key={previewKey(app)}
            src={samePath(app.link)}
            title={multiplatformAppTexts.previewFrame({ name: app.nome })}
            className="block h-[600px] w-[320px] rounded-[1.5rem] bg-white"
          />
          <div className="mx-auto mt-2 h-1.5 w-10 rounded-full bg-gray-700" aria-hidden="true" />
        </div>
        <a href={app.link} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1.5 text-sm font-medium text-blue-600 hover:text-blue-800">
          <ExternalLink className="h-4 w-4" aria-hidden="true" />
          {multiplatformAppTexts.openApp}
        </a>
      </section>

      <div className="min-w-0 space-y-6">
        <SectionCard title={multiplatformAppTexts.installTitle} description={multiplatformAppTexts.installDescription} icon={Code2}>
          <div className="space-y-4">
            <CodeRow label={multiplatformAppTexts.codeAndroid} value={codes.android} testId="code-android" />
            <CodeRow label={multiplatformAppTexts.codeIos} value={codes.ios} testId="code-ios" />
            <CodeRow label={multiplatformAppTexts.codeQr} value={codes.qr} testId="code-qr" />
            <CodeRow label={multiplatformAppTexts.codeLink} value={codes.link} testId="code-link" />
          </div>
        </SectionCard>
        <div className="grid gap-6 xl:grid-cols-2">
          <SectionCard title={multiplatformAppTexts.qrTitle} description={multiplatformAppTexts.qrHint} icon={QrCode}>
            <img src={samePath(app.qr_code)} alt={multiplatformAppTexts.qrAlt({ name: app.nome })} width={200} height={200} className="mx-auto h-48 w-48" data-testid="qr-image" />
          </SectionCard>
          <SectionCard title={multiplatformAppTexts.apkTitle} icon={Package}>
            <div data-testid="apk-section">
              <ApkStatus app={app} showNone />
            </div>
          </SectionCard>
        </div>
      </div>
    </div>
  );
}
