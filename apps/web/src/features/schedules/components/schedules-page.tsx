import { ComingSoonPage } from '@/components/coming-soon-page.tsx';

/** /dashboard/agendamentos: placeholder until this feature is built. */
export function SchedulesPage() {
  return <ComingSoonPage menuId="agendamentos" />;
}
