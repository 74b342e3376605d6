import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from '@web/lib/auth';
import { ConfigProvider } from 'antd';
// The ES-module build of the locale: 'antd/locale/es_ES' is CommonJS and drags antd/lib along.
import es_ES from 'antd/es/locale/es_ES';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import type { ReactNode } from 'react';
import { theme } from './theme';

dayjs.locale('es');

/** Locale and theme only: what every screen needs, including the start-up error screen. */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={es_ES} theme={theme}>
      {children}
    </ConfigProvider>
  );
}

/** Everything the application's screens rely on: UI, server state, the session. */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <UiProvider>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
      </QueryClientProvider>
    </UiProvider>
  );
}
