import { QueryClient } from '@tanstack/react-query';

/** Spec part 1 §9: no automatic retries; screens offer 'Reintentar' instead. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
