import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { setSessionQueryClient } from '@web/lib/session-query-client';
import { type ReactNode, useContext, useEffect } from 'react';
import { createQueryClient } from './query-client';

// One client for the whole visit, created when the first screen that needs it loads.
const appQueryClient = createQueryClient();
setSessionQueryClient(appQueryClient);

/**
 * react-query for every screen but the login page (a lazy chunk: the login page's JavaScript stays
 * under its 200 kB budget). A client already provided above (tests) is used as is.
 */
export default function QueryProvider({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  const client = outer ?? appQueryClient;
  useEffect(() => setSessionQueryClient(client), [client]);
  return outer ? children : <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
