import { Suspense } from 'react';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { AppProvider } from './provider.tsx';
import { AppRouter } from './router.tsx';

export function App() {
  return (
    <AppProvider>
      {/* the first texts of a language other than pt-BR load before anything shows */}
      <Suspense fallback={<LoadingState fullScreen />}>
        <AppRouter />
      </Suspense>
    </AppProvider>
  );
}
