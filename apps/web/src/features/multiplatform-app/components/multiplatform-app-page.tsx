import { ComingSoonPage } from '@/components/coming-soon-page.tsx';

/** /dashboard/app-multiplataforma: placeholder until this feature is built. */
export function MultiplatformAppPage() {
  return <ComingSoonPage menuId="app-multiplataforma" />;
}
