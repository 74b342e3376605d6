import { ErrorBoundary } from '@web/components/error-boundary';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from './provider';
import { appRoutes } from './router';

export function App() {
  const [router] = useState(() => createBrowserRouter(appRoutes));
  return (
    <ErrorBoundary>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </ErrorBoundary>
  );
}
