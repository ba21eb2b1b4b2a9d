import { ComingSoonPage } from '@/components/coming-soon-page.tsx';

/** /dashboard/playlists: placeholder until this feature is built. */
export function PlaylistsPage() {
  return <ComingSoonPage menuId="playlists" />;
}
