import { ErrorBoundary } from '@web/components/error-boundary';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { AppProvider } from './provider';
import { appShellRoutes } from './route-table';

/**
 * react-router's declarative mode (`BrowserRouter` + `useRoutes`): the SPA uses no loader, action or
 * fetcher, and the data router would add about 15 kB gzip to every page, the login included.
 */
export function App() {
  return (
    <ErrorBoundary>
      <AppProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProvider>
    </ErrorBoundary>
  );
}

function AppRoutes() {
  return useRoutes(appShellRoutes);
}
