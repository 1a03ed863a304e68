import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { queryClient } from '../lib/query-client';
import { useToastsWanted } from '../lib/toast';
import { AppRoutes } from './routes';

const ToastHost = lazy(() => import('./toast-host'));

/**
 * A data router around the one route table (routes.tsx keeps its <Routes>): it renders no
 * element of its own, so hydration still adopts the prerendered markup, and it is what lets a
 * screen block a navigation (the question editor's unsaved changes, `useBlocker`).
 */
const makeRouter = () => createBrowserRouter([{ path: '*', element: <AppRoutes /> }]);

export function App() {
  const toasts = useToastsWanted();
  const [router] = useState(makeRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {toasts ? (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}
