import { AuthProvider } from '@web/lib/auth';
import { ConfigProvider } from 'antd';
// The ES-module build of the locale: 'antd/locale/es_ES' is CommonJS and drags antd/lib along.
import es_ES from 'antd/es/locale/es_ES';
import type { ReactNode } from 'react';
import { theme } from './theme';

/** Locale and theme only: what every screen needs, including the start-up error screen. */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={es_ES} theme={theme}>
      {children}
    </ConfigProvider>
  );
}

/**
 * Everything every screen relies on: UI and the session. Server state (react-query) is provided by
 * the router below the login page (app/query-provider.tsx), to keep it off the login's JavaScript.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <UiProvider>
      <AuthProvider>{children}</AuthProvider>
    </UiProvider>
  );
}
