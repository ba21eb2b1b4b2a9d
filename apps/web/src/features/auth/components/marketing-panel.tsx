import BarChart3 from 'lucide-react/icons/bar-chart-3';
import Globe from 'lucide-react/icons/globe';
import Radio from 'lucide-react/icons/radio';
import Video from 'lucide-react/icons/video';
import type { LucideIcon } from 'lucide-react';
import { Logo } from '@/components/ui/logo.tsx';
import { authCatalogue } from '@/i18n/auth.ts';
import { commonCatalogue } from '@/i18n/common.ts';
import { useTexts } from '@/i18n/runtime.ts';

/** The login screen's marketing half (large screens only). */
export function MarketingPanel() {
  const commonTexts = useTexts(commonCatalogue);
  const authTexts = useTexts(authCatalogue);
  const features: { icon: LucideIcon; title: string; text: string }[] = [
    { icon: Radio, title: authTexts.featureLiveTitle, text: authTexts.featureLiveText },
    { icon: BarChart3, title: authTexts.featureAnalyticsTitle, text: authTexts.featureAnalyticsText },
    { icon: Video, title: authTexts.featureVodTitle, text: authTexts.featureVodText },
    { icon: Globe, title: authTexts.featureMultiTitle, text: authTexts.featureMultiText },
  ];
  return (
    <aside className="relative hidden overflow-hidden bg-gradient-to-br from-gray-900 via-blue-950 to-violet-950 text-white lg:flex lg:w-1/2 lg:flex-col lg:justify-between lg:p-12 xl:p-16">
      <div aria-hidden="true" className="pointer-events-none absolute -top-32 -right-32 h-96 w-96 rounded-full bg-blue-600/20 blur-3xl" />
      <div aria-hidden="true" className="pointer-events-none absolute -bottom-40 -left-24 h-96 w-96 rounded-full bg-violet-600/20 blur-3xl" />

      <div className="relative flex items-center gap-3">
        <Logo />
        <span className="text-lg font-semibold">{commonTexts.appName}</span>
      </div>

      <div className="relative max-w-lg space-y-10">
        <div className="space-y-4">
          <h2 className="text-4xl leading-tight font-bold">{authTexts.marketingTitle}</h2>
          <p className="text-lg text-blue-100/80">{authTexts.marketingSubtitle}</p>
        </div>
        <ul className="space-y-6">
          {features.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-white/10 ring-1 ring-white/15">
                <Icon className="h-5 w-5 text-blue-200" aria-hidden="true" />
              </span>
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="text-sm text-blue-100/70">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>

      <p className="relative text-sm text-blue-100/50">© {new Date().getFullYear()} {commonTexts.appName}</p>
    </aside>
  );
}
