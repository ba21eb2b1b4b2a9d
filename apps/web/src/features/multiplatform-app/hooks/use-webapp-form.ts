import { useState } from 'react';
import { toast } from '@/lib/toast.ts';
import { type WebApp, type WebAppFields } from '@painel/contract';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow } from '@/i18n/runtime.ts';
import { errorMessage, serverText } from '@/lib/api-client.ts';
import { useCreateApk } from '../api/create-apk.ts';
import { useSaveWebApp } from '../api/save-webapp.ts';
import { apkFormData, apkReady, appFormData, formFromApp } from '../utils/webapp-view.ts';

/**
 * The create/configure form: its fields (from the saved app, else the defaults), the picked
 * logo and background, the save, and the APK request. Mounted once the app was read, so the
 * app's polling while an APK builds never overwrites what is being typed.
 */
export function useWebAppForm(app: WebApp | null) {
  const [fields, setFields] = useState<WebAppFields>(() => formFromApp(app));
  const [logo, setLogo] = useState<File | null>(null);
  const [background, setBackground] = useState<File | null>(null);
  const [nameMissing, setNameMissing] = useState(false);
  // bumped after a save, so the file inputs forget the images they sent
  const [filesKey, setFilesKey] = useState(0);
  const save = useSaveWebApp();
  const apk = useCreateApk();

  function set<K extends keyof WebAppFields>(key: K, value: WebAppFields[K]) {
    setFields((f) => ({ ...f, [key]: value }));
    if (key === 'nome') setNameMissing(false);
  }

  function submit() {
    const msg = textsNow(messageCatalogue);
    if (!fields.nome.trim()) {
      setNameMissing(true);
      toast.error(msg.appNameRequired);
      return;
    }
    save.mutate({ body: appFormData(fields, { logo, background }), exists: app !== null }, {
      onSuccess: (r) => {
        toast.success(serverText(r.message, msg.appSaved));
        // the saved images are the current ones now
        if (r.app) setFields(formFromApp(r.app));
        setLogo(null);
        setBackground(null);
        setFilesKey((k) => k + 1);
      },
      onError: (err) => toast.error(errorMessage(err, msg.appSaveError)),
    });
  }

  function createApk() {
    const msg = textsNow(messageCatalogue);
    if (!apkReady(fields.nome, !!(logo || app?.url_logo), !!(background || app?.url_background))) {
      toast.error(msg.apkRequirements);
      return;
    }
    apk.mutate(apkFormData(fields.nome, fields.modelo, { logo, background }), {
      onSuccess: (message) => toast.success(serverText(message, msg.apkQueued)),
      onError: (err) => toast.error(errorMessage(err, msg.apkCreateError)),
    });
  }

  return {
    fields, set, logo, setLogo, background, setBackground, filesKey, nameMissing,
    submit, saving: save.isPending, createApk, creatingApk: apk.isPending,
  };
}
