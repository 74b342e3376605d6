import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render } from '@testing-library/react';
import { UiProvider } from '@web/app/provider';
import { AuthProvider } from '@web/lib/auth';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { afterEach } from 'vitest';

// The web project runs without vitest globals, so Testing Library cannot register its own cleanup:
// every file that renders through this helper unmounts after each test.
afterEach(() => cleanup());

// Lazy routes and antd's first render can take over a second on a busy two-core CI machine.
configure({ asyncUtilTimeout: 5_000 });

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } } });
}

/** Renders routes at `path` with the application's providers (the session one only if asked). */
export function renderRoutes(routes: RouteObject[], { path = '/', withAuth = false } = {}) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const wrap = (children: ReactNode) => (withAuth ? <AuthProvider>{children}</AuthProvider> : children);
  const result = render(
    <UiProvider>
      <QueryClientProvider client={queryClient}>
        {wrap(<RouterProvider router={router} />)}
      </QueryClientProvider>
    </UiProvider>,
  );
  return { ...result, router, queryClient };
}
