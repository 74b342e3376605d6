/**
 * Issue #12 items 3 and 6 on the real local engines: a password change ends every session begun
 * before it (the old access token is refused by the pipeline, the old refresh token by Cognito, here
 * the shim's emulated global sign-out), logout-all does the same, and the local gateway answers the
 * authentication routes' per-IP limit with 429 and Retry-After as the WAF does in AWS.
 */

import { randomUUID } from 'node:crypto';
import { AUTH_RATE_LIMIT } from '@shared/api/rate-limits';
import { describe, expect, inject, it } from 'vitest';
import { apiClient } from './testing/api';
import type { SentMail } from './types';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);

async function waitForMail(to: string, subject: RegExp, timeoutMs = 30_000): Promise<SentMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = (await (await fetch(new URL('/_dev/mailbox.json', cloud.url))).json()) as SentMail[];
    const found = mails.find((m) => m.to.includes(to) && subject.test(m.subject));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
}

/** JWT times are whole seconds: start the next step in a later second than the tokens it ends. */
const nextSecond = () => new Promise((r) => setTimeout(r, 1100 - (Date.now() % 1000)));

interface Session {
  accessToken: string;
  refreshToken: string;
}

async function logIn(email: string, password: string): Promise<Session> {
  const res = await api.request<Session>('POST', '/api/v1/auth/login', { body: { email, password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  if (!res.body.success) throw new Error('login failed');
  return res.body.data;
}

const profileWith = (token: string) => api.request('GET', '/api/v1/users/profile', { token });

describe('sessions end when they should', () => {
  const email = `sesiones-${randomUUID().slice(0, 8)}@cuadra.test`;
  const oldPassword = 'Primera-Clave-2026';
  const newPassword = 'Segunda-Clave-2026';

  it('a password change refuses the old access token and the old refresh token', async () => {
    const reg = await api.request('POST', '/api/v1/auth/register', {
      body: {
        email,
        password: oldPassword,
        firstName: 'Sara',
        lastName: 'Prieto Lago',
        accountType: 'GESTORIA',
        firmName: 'Prieto Asesores SL',
        acceptTerms: true,
      },
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    const link = /token=([A-Za-z0-9_%-]+)/.exec((await waitForMail(email, /verifica|confirma/i)).text ?? '');
    const verified = await api.request('POST', '/api/v1/auth/verify-email', {
      query: { token: decodeURIComponent(link?.[1] ?? '') },
    });
    expect(verified.status).toBe(200);

    const old = await logIn(email, oldPassword);
    expect((await profileWith(old.accessToken)).status).toBe(200);
    await nextSecond();

    const changed = await api.request('POST', '/api/v1/auth/change-password', {
      token: old.accessToken,
      body: { currentPassword: oldPassword, newPassword },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    const withOldAccess = await profileWith(old.accessToken);
    expect(withOldAccess.status).toBe(401);
    expect(withOldAccess.body.success === false && withOldAccess.body.error).toMatchObject({
      code: 'CORE_001',
      message: 'La sesión ha expirado. Por favor, inicia sesión nuevamente.',
    });
    const withOldRefresh = await api.request('POST', '/api/v1/auth/refresh', {
      body: { refreshToken: old.refreshToken },
    });
    expect(withOldRefresh.status).toBe(401);
    expect(withOldRefresh.body.success === false && withOldRefresh.body.error?.message).toBe(
      'Refresh token expirado. Por favor, inicia sesión nuevamente.',
    );

    // The new password opens a new session at once; the old one no longer does.
    const fresh = await logIn(email, newPassword);
    expect((await profileWith(fresh.accessToken)).status).toBe(200);
    const refreshed = await api.request('POST', '/api/v1/auth/refresh', {
      body: { refreshToken: fresh.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    const oldLogin = await api.request('POST', '/api/v1/auth/login', {
      body: { email, password: oldPassword },
    });
    expect(oldLogin.status).toBe(401);
  });

  it('logout-all ends every session of the caller', async () => {
    const a = await logIn(email, newPassword);
    const b = await logIn(email, newPassword);
    await nextSecond();

    const out = await api.request('POST', '/api/v1/auth/logout-all', { token: a.accessToken });
    expect(out.status).toBe(200);

    expect((await profileWith(b.accessToken)).status).toBe(401);
    const refresh = await api.request('POST', '/api/v1/auth/refresh', {
      body: { refreshToken: b.refreshToken },
    });
    expect(refresh.status).toBe(401);
  });
});

describe('throttled logins', () => {
  it('the local gateway answers 429 RATE_LIMITED with Retry-After past the per-IP limit', async () => {
    // A client address of its own (the WAF and the local gateway read X-Forwarded-For), so the other
    // test files keep their budget.
    const login = () =>
      fetch(new URL('/api/v1/auth/login', cloud.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.99' },
        body: '{}',
      });
    for (let i = 0; i < AUTH_RATE_LIMIT.limit; i++) expect((await login()).status).toBe(400);

    const refused = await login();

    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
  });
});
