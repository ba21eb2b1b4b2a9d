import { ComingSoonPage } from '@/components/coming-soon-page.tsx';

/** /dashboard/app-android: placeholder until this feature is built. */
export function AndroidAppPage() {
  return <ComingSoonPage menuId="app-android" />;
}
