import { ComingSoonPage } from '@/components/coming-soon-page.tsx';

/** /dashboard/relayrtmp: placeholder until this feature is built. */
export function RelayPage() {
  return <ComingSoonPage menuId="relayrtmp" />;
}
