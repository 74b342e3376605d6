import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render } from '@testing-library/react';
import { UiProvider } from '@web/app/provider';
import { AuthProvider } from '@web/lib/auth';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach } from 'vitest';

// The web project runs without vitest globals, so Testing Library cannot register its own cleanup:
// every file that renders through this helper unmounts after each test.
afterEach(() => cleanup());
// React may still run what the last unmount scheduled (passive effects, antd's closing animations and
// notification holders) after the last test: give it the file's DOM for a moment, or on a busy
// machine it renders into a torn-down environment ("window is not defined", an unhandled error).
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 300)));

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
