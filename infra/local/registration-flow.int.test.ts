/**
 * The whole asynchronous chain, on the real local engines: registering writes the verification
 * mail as an outbox item in the registration transaction; the stream consumer publishes it to the
 * mail queue; the queue poller runs the mail worker; SES (the local emulator) delivers it to the dev
 * mailbox. Following the link verifies the account, and only then can it log in.
 */

import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { apiClient } from './testing/api';
import type { SentMail } from './types';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);

async function waitForMail(to: string, subject: RegExp, timeoutMs = 30_000): Promise<SentMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(new URL('/_dev/mailbox.json', cloud.url));
    const mails = (await res.json()) as SentMail[];
    const found = mails.find((m) => m.to.includes(to) && subject.test(m.subject));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
}

const tokenFrom = (mail: SentMail) => {
  const m = /token=([A-Za-z0-9_%-]+)/.exec(mail.text ?? mail.html ?? '');
  if (!m) throw new Error('no token link in the mail');
  return decodeURIComponent(m[1]!);
};

describe('registration, verification mail and first login', () => {
  const email = `nueva-${randomUUID().slice(0, 8)}@cuadra.test`;
  const password = 'Segura-2026x';

  it('registers an autónomo with its first company, mails the link, verifies, logs in', async () => {
    const reg = await api.request<{ userId: string; requiresEmailVerification: boolean }>(
      'POST',
      '/api/v1/auth/register',
      {
        body: {
          email,
          password,
          firstName: 'Irene',
          lastName: 'Castro Molina',
          accountType: 'AUTONOMO',
          company: { name: 'Irene Castro Molina', nif: '11223344B' },
          acceptTerms: true,
        },
      },
    );
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);

    const early = await api.request('POST', '/api/v1/auth/login', { body: { email, password } });
    expect(early.status).toBe(403);

    const mail = await waitForMail(email, /verifica|confirma/i);
    const verified = await api.request('POST', '/api/v1/auth/verify-email', {
      query: { token: tokenFrom(mail) },
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);

    const again = await api.request('POST', '/api/v1/auth/verify-email', {
      query: { token: tokenFrom(mail) },
    });
    expect(again.status).toBe(400);

    const login = await api.request<{
      accessToken: string;
      companies: { nif: string; isDefault: boolean }[];
    }>('POST', '/api/v1/auth/login', { body: { email, password } });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.success && login.body.data.companies).toEqual([
      expect.objectContaining({ nif: '11223344B', isDefault: true }),
    ]);
  });

  it('a duplicate e-mail is refused on the field and leaves no second account', async () => {
    const res = await api.request('POST', '/api/v1/auth/register', {
      body: {
        email: 'gestor@cuadra.test',
        password,
        firstName: 'Otra',
        lastName: 'Persona',
        accountType: 'GESTORIA',
        firmName: 'Copia SL',
        acceptTerms: true,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.success === false && res.body.error).toMatchObject({ code: 'CORE_004', field: 'email' });
    // The original account still works.
    expect(await api.login('gestor@cuadra.test')).toBeTruthy();
  });

  it('forgot-password mails a single-use reset link that sets the new password', async () => {
    const target = 'autonomo@cuadra.test';
    const forgot = await api.request('POST', '/api/v1/auth/forgot-password', { query: { email: target } });
    expect(forgot.status).toBe(200);
    const mail = await waitForMail(target, /contraseña/i);
    const token = tokenFrom(mail);
    const valid = await api.request<{ valid: boolean }>('GET', '/api/v1/auth/reset-password/validate', {
      query: { token },
    });
    expect(valid.body.success && valid.body.data.valid).toBe(true);
    const reset = await api.request('POST', '/api/v1/auth/reset-password', {
      body: { token, newPassword: 'Cuadra-Demo-2026' },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const reuse = await api.request('POST', '/api/v1/auth/reset-password', {
      body: { token, newPassword: 'Otra-Clave-2026' },
    });
    expect(reuse.status).toBe(400);
    expect(await api.login(target, 'Cuadra-Demo-2026')).toBeTruthy();
  });
});
