/**
 * The react-query client of the signed-in screens, as the session sees it: the auth provider clears
 * it when a session ends and reloads the profile through it. The client itself lives in a lazy
 * chunk (app/query-provider.tsx), so the login page does not download react-query; it registers
 * itself here when it mounts. Type-only import: nothing of react-query is loaded by this module.
 */
import type { QueryClient } from '@tanstack/react-query';

let current: QueryClient | null = null;

export function setSessionQueryClient(client: QueryClient | null): void {
  current = client;
}

export function getSessionQueryClient(): QueryClient | null {
  return current;
}
