import { ComingSoonPage } from '@/components/coming-soon-page.tsx';

/** /dashboard/conversao-videos: placeholder until this feature is built. */
export function ConversionPage() {
  return <ComingSoonPage menuId="conversao-videos" />;
}
