import { ComingSoonPage } from '@/components/coming-soon-page.tsx';

/** /dashboard/comerciais: placeholder until this feature is built. */
export function CommercialsPage() {
  return <ComingSoonPage menuId="comerciais" />;
}
