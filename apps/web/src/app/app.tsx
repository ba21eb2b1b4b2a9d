import { Suspense, useEffect } from 'react';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { commonCatalogue } from '@/i18n/common.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { AppRouter } from './router.tsx';

/** The browser tab's title: the panel's name in its language. */
function DocumentTitle() {
  const { appName } = useTexts(commonCatalogue);
  useEffect(() => {
    document.title = appName;
  }, [appName]);
  return null;
}

/**
 * The panel. The query cache and the confirmation dialog are the signed-in routes' (session-root.tsx):
 * the login screen is drawn without them.
 */
export function App() {
  return (
    /* the first texts of a language other than pt-BR load before anything shows */
    <Suspense fallback={<LoadingState fullScreen />}>
      <DocumentTitle />
      <AppRouter />
    </Suspense>
  );
}
