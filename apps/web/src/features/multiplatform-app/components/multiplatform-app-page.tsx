import { useEffect, useState } from 'react';
import Bell from 'lucide-react/icons/bell';
import Eye from 'lucide-react/icons/eye';
import GalleryHorizontal from 'lucide-react/icons/gallery-horizontal';
import Info from 'lucide-react/icons/info';
import Settings from 'lucide-react/icons/settings';
import { type WebApp } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { multiplatformAppCatalogue } from '@/i18n/multiplatform-app.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { Tabs, type TabItem } from '@/components/ui/tabs.tsx';
import { useWebApp } from '../api/get-webapp.ts';
import { BannersTab } from './banners-tab.tsx';
import { ConfigureTab } from './configure-tab.tsx';
import { NotificationsTab } from './notifications-tab.tsx';
import { PreviewTab } from './preview-tab.tsx';

type Tab = 'preview' | 'configure' | 'banners' | 'notifications';

function NoAppNotice({ text }: { text: string }) {
  return (
    <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="no-app">
      <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      {text}
    </p>
  );
}

/** The page's tabs, mounted once the app was read: they open on the preview when there is an app to show, else on its creation. */
function AppSections({ app }: { app: WebApp | null }) {
  const commonTexts = useTexts(commonCatalogue);
  const multiplatformAppTexts = useTexts(multiplatformAppCatalogue);
  const msg = useTexts(messageCatalogue);
  const named = !!app?.nome;
  const [tab, setTab] = useState<Tab>(named ? 'preview' : 'configure');
  const current: Tab = tab === 'preview' && !named ? 'configure' : tab;
  const icon = 'h-4 w-4';
  const tabs: TabItem<Tab>[] = [
    ...(named ? [{ id: 'preview' as const, label: multiplatformAppTexts.tabPreview, icon: <Eye className={icon} aria-hidden="true" /> }] : []),
    { id: 'configure', label: named ? commonTexts.configureApp : commonTexts.createApp, icon: <Settings className={icon} aria-hidden="true" /> },
    { id: 'banners', label: multiplatformAppTexts.banners, icon: <GalleryHorizontal className={icon} aria-hidden="true" /> },
    { id: 'notifications', label: multiplatformAppTexts.tabNotifications, icon: <Bell className={icon} aria-hidden="true" /> },
  ];
  return (
    <Tabs
      label={multiplatformAppTexts.tabsLabel}
      tabs={tabs}
      current={current}
      onChange={setTab}
      panels={{
        preview: app && <PreviewTab app={app} />,
        configure: <ConfigureTab app={app} />,
        banners: app ? <BannersTab /> : <NoAppNotice text={multiplatformAppTexts.noAppYet} />,
        notifications: app ? <NotificationsTab /> : <NoAppNotice text={msg.pushNoApp} />,
      }}
    />
  );
}

/**
 * /dashboard/app-multiplataforma: the channel's installable app — its preview and install codes
 * (once it has a name), its settings and Android package, its banners and its push notifications.
 */
export function MultiplatformAppPage() {
  const multiplatformAppTexts = useTexts(multiplatformAppCatalogue);
  const msg = useTexts(messageCatalogue);
  const query = useWebApp();

  useEffect(() => {
    // load failures are only logged; the page offers to try again
    if (query.error) console.error('app-multiplataforma', query.error);
  }, [query.error]);

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader title={multiplatformAppTexts.title} subtitle={multiplatformAppTexts.subtitle} />
      {query.isPending ? (
        <LoadingState label={multiplatformAppTexts.loadingApp} />
      ) : query.isError && query.data === undefined ? (
        <div className="flex justify-center py-6">
          <Button variant="secondary" onClick={() => void query.refetch()}>{msg.tryAgain}</Button>
        </div>
      ) : (
        <AppSections app={query.data ?? null} />
      )}
    </div>
  );
}
