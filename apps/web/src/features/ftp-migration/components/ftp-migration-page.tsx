import { ComingSoonPage } from '@/components/coming-soon-page.tsx';

/** /dashboard/migrar-videos-ftp: placeholder until this feature is built. */
export function FtpMigrationPage() {
  return <ComingSoonPage menuId="migrar-videos-ftp" />;
}
