import { ComingSoonPage } from '@/components/coming-soon-page.tsx';

/** /dashboard/espectadores: placeholder until this feature is built. */
export function AudiencePage() {
  return <ComingSoonPage menuId="espectadores" />;
}
