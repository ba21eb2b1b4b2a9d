import { ComingSoonPage } from '@/components/coming-soon-page.tsx';

/** /dashboard/downloadyoutube: placeholder until this feature is built. */
export function YoutubeDownloadPage() {
  return <ComingSoonPage menuId="downloadyoutube" />;
}
