/** Helpers for integration tests that talk to the local cloud over HTTP, like a real client. */

import type { ApiEnvelope } from '@shared/api/envelope';
import { DEMO_PASSWORD } from '../demo-data';

export interface ApiResponse<T = unknown> {
  status: number;
  body: ApiEnvelope<T>;
  headers: Headers;
}

/**
 * Each client (one per test file) shows the gateway an address of its own in 198.18.0.0/15 (RFC 2544,
 * benchmarking), the way every office of a gestoría has its own: the per-IP limit of the
 * authentication routes then counts each file apart instead of all files together from 127.0.0.1.
 */
const clientAddress = () =>
  `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

export function apiClient(baseUrl: string) {
  const address = clientAddress();
  async function request<T = unknown>(
    method: string,
    path: string,
    opts: { token?: string; companyId?: string; body?: unknown; query?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const url = new URL(path, baseUrl);
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = { 'x-forwarded-for': address };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.companyId) headers['x-company-id'] = opts.companyId;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url, {
      method,
      headers,
      ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    });
    const text = await res.text();
    let body: ApiEnvelope<T>;
    try {
      body = JSON.parse(text) as ApiEnvelope<T>;
    } catch {
      throw new Error(`${method} ${path} answered ${res.status} with non-JSON: ${text.slice(0, 200)}`);
    }
    return { status: res.status, body, headers: res.headers };
  }

  const tokens = new Map<string, string>();
  async function login(email: string, password = DEMO_PASSWORD): Promise<string> {
    const cached = tokens.get(`${email}:${password}`);
    if (cached) return cached;
    const res = await request<{ accessToken: string }>('POST', '/api/v1/auth/login', {
      body: { email, password, rememberMe: false },
    });
    if (!res.body.success) throw new Error(`login ${email} failed: ${JSON.stringify(res.body.error)}`);
    tokens.set(`${email}:${password}`, res.body.data.accessToken);
    return res.body.data.accessToken;
  }

  return { request, login };
}
