import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { queryClient } from '../lib/query-client';
import { useToastsWanted } from '../lib/toast';
import { AppRoutes } from './routes';

const ToastHost = lazy(() => import('./toast-host'));

export function App() {
  const toasts = useToastsWanted();
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      {toasts ? (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}
