import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast.ts';
import List from 'lucide-react/icons/list';
import PlusCircle from 'lucide-react/icons/plus-circle';
import Settings2 from 'lucide-react/icons/settings-2';
import { WEBAPP_BASE, loginName, type AndroidApp } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { androidAppCatalogue } from '@/i18n/android-app.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { HelpCard } from '@/components/ui/help-card.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Tabs, type TabItem } from '@/components/ui/tabs.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useUser } from '@/lib/auth.ts';
import { useDownloadApk } from '@/lib/apk-download.ts';
import { useAndroidApps } from '../api/get-android-apps.ts';
import { useAndroidConfig } from '../api/get-android-config.ts';
import { useRemoveAndroidApp } from '../api/remove-android-app.ts';
import { configFields } from '../utils/android-view.ts';
import { AndroidAppsTable, NoApps } from './android-apps-table.tsx';
import { AndroidConfigureForm } from './android-configure-form.tsx';
import { AndroidCreateForm } from './android-create-form.tsx';
import { PhonePreview } from './phone-preview.tsx';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';

type Tab = 'apps' | 'create' | 'configure';

/** Load failures of this page are only logged (the page still lets the owner create an app). */
function useLoggedFailure(what: string, error: Error | null) {
  useEffect(() => {
    if (error) console.error(what, error);
  }, [what, error]);
}

/**
 * /dashboard/app-android: the channel's Android apps (a preview, the built APKs with their
 * status, download and removal), the form that builds a new one, and the configuration the
 * installed app reads. Opens on the apps when there are any, else on the form.
 */
export function AndroidAppPage() {
  const commonTexts = useTexts(commonCatalogue);
  const androidAppTexts = useTexts(androidAppCatalogue);
  const user = useUser().data;
  const list = useAndroidApps();
  const config = useAndroidConfig();
  const download = useDownloadApk();
  const remove = useRemoveAndroidApp();
  const [chosen, setChosen] = useState<Tab | null>(null);
  // a new mount of a form starts it again from the saved configuration
  const [createRun, setCreateRun] = useState(0);
  const [configureRun, setConfigureRun] = useState(0);
  useLoggedFailure('app-android', list.error);
  useLoggedFailure('app-android/config', config.error);

  if (list.isPending || config.isPending || !user) {
    return (
      <div className="mx-auto max-w-7xl space-y-6">
        <PageHeader title={androidAppTexts.title} subtitle={androidAppTexts.subtitle} />
        <LoadingState label={androidAppTexts.loading} />
      </div>
    );
  }

  const apps = list.data ?? [];
  const saved = config.data ?? null;
  const hasApps = apps.length > 0;
  const tab: Tab = chosen === 'configure' && !(hasApps && saved) ? 'apps' : chosen ?? (hasApps ? 'apps' : 'create');
  const login = loginName(user);

  const tabs: TabItem<Tab>[] = [
    { id: 'apps', label: androidAppTexts.apps, icon: <List className="h-4 w-4" aria-hidden="true" /> },
    { id: 'create', label: hasApps ? androidAppTexts.tabCreateAgain : commonTexts.createApp, icon: <PlusCircle className="h-4 w-4" aria-hidden="true" /> },
    ...(hasApps && saved ? [{ id: 'configure' as const, label: commonTexts.configureApp, icon: <Settings2 className="h-4 w-4" aria-hidden="true" /> }] : []),
  ];

  function onDownload(app: AndroidApp) {
    download.mutate(app.zip, { onError: (err) => toast.error(errorMessage(err, textsNow(commonCatalogue).apkDownloadError)) });
  }

  const confirm = useConfirm();

  async function onRemove(app: AndroidApp) {
    const msg = textsNow(messageCatalogue);
    if (!(await confirm(msg.androidRemoveConfirm))) return;
    remove.mutate(app.id, {
      onSuccess: () => toast.success(msg.androidRemoved),
      onError: (err) => toast.error(errorMessage(err, msg.androidRemoveError)),
    });
  }

  const appsPanel = (
    <div className="grid gap-6 lg:grid-cols-5">
      <div className="space-y-6 lg:col-span-3">
        {hasApps ? (
          <AndroidAppsTable
            apps={apps}
            onDownload={onDownload}
            downloading={download.isPending ? (apps.find((a) => a.zip === download.variables)?.id ?? null) : null}
            onRemove={onRemove}
            removing={remove.isPending ? remove.variables : null}
          />
        ) : (
          <NoApps onCreate={() => setChosen('create')} />
        )}
        <HelpCard title={commonTexts.howItWorks} items={androidAppTexts.help} />
      </div>
      {saved && (
        <div className="lg:col-span-2">
          <PhonePreview src={`${WEBAPP_BASE}/${encodeURIComponent(login)}/tv/`} version={configureRun} />
        </div>
      )}
    </div>
  );

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader title={androidAppTexts.title} subtitle={androidAppTexts.subtitle} />
      <Tabs
        label={androidAppTexts.tabsLabel}
        tabs={tabs}
        current={tab}
        onChange={setChosen}
        panels={{
          apps: appsPanel,
          create: (
            <AndroidCreateForm
              key={createRun}
              saved={configFields(saved)}
              requester={{ servidor: window.location.host, login, idioma_painel: user.tipo ?? 'pt-br' }}
              onCreated={() => {
                setCreateRun((n) => n + 1);
                setChosen('apps');
              }}
            />
          ),
          configure: saved ? (
            <AndroidConfigureForm
              key={configureRun}
              config={saved}
              onSaved={() => setConfigureRun((n) => n + 1)}
            />
          ) : null,
        }}
      />
    </div>
  );
}
