/**
 * Ends a test only once its queries and mutations are done: a request still resolving when the
 * file's environment is torn down makes React render into a missing `window` (an unhandled
 * error on a busy machine). `track` the render, `await settleQueries()` first in afterEach.
 */
import type { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

let current: QueryClient | null = null;

export function track<T extends { queryClient: QueryClient }>(rendered: T): T {
  current = rendered.queryClient;
  return rendered;
}

export async function settleQueries(): Promise<void> {
  const client = current;
  current = null;
  if (client) await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
}

/**
 * For afterAll: lets React finish what it scheduled last (antd's notification holder unmounting
 * after `notification.destroy()`, closing animations) while the file's DOM still exists.
 */
export const letReactFinish = () => new Promise<void>((resolve) => setTimeout(resolve, 500));
