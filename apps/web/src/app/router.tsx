import { Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { lazyNamed } from './lazy-named.ts';
import { AppErrorBoundary } from './error-boundary.tsx';
import { Toasts } from './toasts.tsx';

// every page is its own chunk, loaded when first visited; the session (query cache, guards) is
// one chunk of its own, which the login screen does not load (session-root.tsx)
const SessionRoot = lazyNamed(() => import('./session-root.tsx'), 'SessionRoot');
const RootRedirect = lazyNamed(() => import('./session-root.tsx'), 'RootRedirect');
const SignedIn = lazyNamed(() => import('./session-root.tsx'), 'SignedIn');
const LoginPage = lazyNamed(() => import('@/features/auth/components/login-page.tsx'), 'LoginPage');
const DashboardPage = lazyNamed(() => import('@/features/dashboard/components/dashboard-page.tsx'), 'DashboardPage');
const SettingsPage = lazyNamed(() => import('@/features/settings/components/settings-page.tsx'), 'SettingsPage');
const LivesPage = lazyNamed(() => import('@/features/lives/components/lives-page.tsx'), 'LivesPage');
const ConnectionDataPage = lazyNamed(() => import('@/features/connection-data/components/connection-data-page.tsx'), 'ConnectionDataPage');
const PlayersPage = lazyNamed(() => import('@/features/players/components/players-page.tsx'), 'PlayersPage');
const VideosPage = lazyNamed(() => import('@/features/videos/components/videos-page.tsx'), 'VideosPage');
const PlaylistsPage = lazyNamed(() => import('@/features/playlists/components/playlists-page.tsx'), 'PlaylistsPage');
const SchedulesPage = lazyNamed(() => import('@/features/schedules/components/schedules-page.tsx'), 'SchedulesPage');
const CommercialsPage = lazyNamed(() => import('@/features/commercials/components/commercials-page.tsx'), 'CommercialsPage');
const YoutubeDownloadPage = lazyNamed(() => import('@/features/downloads/components/youtube-download-page.tsx'), 'YoutubeDownloadPage');
const FtpMigrationPage = lazyNamed(() => import('@/features/ftp-migration/components/ftp-migration-page.tsx'), 'FtpMigrationPage');
const AudiencePage = lazyNamed(() => import('@/features/audience/components/audience-page.tsx'), 'AudiencePage');
const RelayPage = lazyNamed(() => import('@/features/relay/components/relay-page.tsx'), 'RelayPage');
const ConversionPage = lazyNamed(() => import('@/features/conversion/components/conversion-page.tsx'), 'ConversionPage');
const MultiplatformAppPage = lazyNamed(() => import('@/features/multiplatform-app/components/multiplatform-app-page.tsx'), 'MultiplatformAppPage');
const AndroidAppPage = lazyNamed(() => import('@/features/android-app/components/android-app-page.tsx'), 'AndroidAppPage');
const StreamingsPage = lazyNamed(() => import('@/features/management/components/streamings-page.tsx'), 'StreamingsPage');
const AdministrationPage = lazyNamed(() => import('@/features/management/components/administration-page.tsx'), 'AdministrationPage');
const DashboardLayout = lazyNamed(() => import('./shell/dashboard-layout.tsx'), 'DashboardLayout');

/** The panel's routes; any other path goes to /login. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Toasts />
      <AppErrorBoundary>
        <Suspense fallback={<LoadingState fullScreen />}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route element={<SessionRoot />}>
              <Route path="/" element={<RootRedirect />} />
              <Route element={<SignedIn />}>
                <Route path="/dashboard" element={<DashboardLayout />}>
                  <Route index element={<DashboardPage />} />
                  <Route path="iniciar-transmissao" element={<LivesPage />} />
                  <Route path="dados-conexao" element={<ConnectionDataPage />} />
                  <Route path="configuracoes" element={<SettingsPage />} />
                  <Route path="players" element={<PlayersPage />} />
                  <Route path="gerenciarvideos" element={<VideosPage />} />
                  <Route path="playlists" element={<PlaylistsPage />} />
                  <Route path="agendamentos" element={<SchedulesPage />} />
                  <Route path="comerciais" element={<CommercialsPage />} />
                  <Route path="downloadyoutube" element={<YoutubeDownloadPage />} />
                  <Route path="migrar-videos-ftp" element={<FtpMigrationPage />} />
                  <Route path="espectadores" element={<AudiencePage />} />
                  <Route path="relayrtmp" element={<RelayPage />} />
                  <Route path="conversao-videos" element={<ConversionPage />} />
                  <Route path="app-multiplataforma" element={<MultiplatformAppPage />} />
                  <Route path="app-android" element={<AndroidAppPage />} />
                  <Route path="streamings" element={<StreamingsPage />} />
                  <Route path="administracao" element={<AdministrationPage />} />
                </Route>
              </Route>
            </Route>
            <Route path="*" element={<Navigate to="/login" replace />} />
          </Routes>
        </Suspense>
      </AppErrorBoundary>
    </BrowserRouter>
  );
}
