import { ComingSoonPage } from '@/components/coming-soon-page.tsx';

/** /dashboard/iniciar-transmissao: placeholder until this feature is built. */
export function LivesPage() {
  return <ComingSoonPage menuId="iniciar-transmissao" />;
}
