/**
 * Onboarding, subscriptions and client activation on the real local engines: a gestor runs its
 * onboarding end to end; the demo subscriptions drive the plan gates; a person invited by the gestor
 * activates its account from the link of the invitation mail, logs in and sees the company.
 */

import { randomUUID } from 'node:crypto';
import { hasPayroll, isStarter, type Subscription } from '@shared/schemas/billing';
import type { OnboardingProgress } from '@shared/schemas/onboarding';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { apiClient } from './testing/api';
import type { SentMail } from './types';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);

async function waitForMail(to: string, subject: RegExp, timeoutMs = 30_000): Promise<SentMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(new URL('/_dev/mailbox.json', cloud.url));
    const found = ((await res.json()) as SentMail[]).find(
      (m) => m.to.includes(to) && subject.test(m.subject),
    );
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

const dataOf = <T>(res: { status: number; body: { success: boolean; data: unknown; error: unknown } }) => {
  if (!res.body.success) throw new Error(`${res.status}: ${JSON.stringify(res.body.error)}`);
  return res.body.data as T;
};

describe('onboarding', () => {
  it('a gestor runs its onboarding from the first step to the end', async () => {
    const token = await api.login('gestor@cuadra.test');
    const call = (method: string, path: string, query?: Record<string, string>) =>
      api.request<OnboardingProgress>(method, `/api/v1/onboarding/${path}`, {
        token,
        ...(query ? { query } : {}),
      });

    // Start from scratch whatever happened before (initialize is idempotent, restart resets).
    dataOf(await call('POST', 'initialize'));
    let p = dataOf<OnboardingProgress>(await call('POST', 'restart'));
    expect(p).toMatchObject({
      flow: 'GESTOR',
      currentStep: 'gestor-welcome',
      stepProgress: 0,
      progressPercentage: 0,
    });
    expect(dataOf<{ needsOnboarding: boolean }>(await call('GET', 'check'))).toEqual({
      needsOnboarding: true,
    });

    p = dataOf(await call('POST', 'step/gestor-welcome/complete'));
    // One step of the flow's (the flow's steps follow the available areas: shared/capabilities.ts).
    expect(p).toMatchObject({
      currentStep: 'gestor-profile',
      progressPercentage: Math.round(100 / p.totalSteps),
    });
    p = dataOf(await call('POST', 'step/gestor-invite-clients/skip'));
    expect(p.skippedSteps).toEqual(['gestor-invite-clients']);

    const refused = await call('POST', 'step/gestor-companies/skip');
    expect(refused.status).toBe(400);
    expect(refused.body.success === false && refused.body.error).toMatchObject({
      code: 'CORE_004',
      message: 'Este paso no se puede omitir.',
    });

    for (let i = 0; i < p.totalSteps && p.currentStep !== 'gestor-done'; i++)
      p = dataOf(await call('POST', 'next'));
    expect(p).toMatchObject({ currentStep: 'gestor-done', nextStep: null, stepProgress: p.totalSteps - 1 });

    p = dataOf(await call('POST', 'complete'));
    expect(p).toMatchObject({ isCompleted: true, progressPercentage: 100, estimatedTimeRemaining: 0 });
    expect(dataOf<{ needsOnboarding: boolean }>(await call('GET', 'check'))).toEqual({
      needsOnboarding: false,
    });
    expect(dataOf(await call('GET', 'progress'))).toEqual(p);
    expect(dataOf(await call('GET', 'stats'))).toMatchObject({
      completedSteps: p.totalSteps - 1,
      skippedSteps: 1,
      totalSteps: p.totalSteps,
    });
  });
});

describe('subscriptions of the demo accounts', () => {
  const subscriptionOf = async (email: string) =>
    api.request<Subscription>('GET', '/api/v1/billing/subscription', { token: await api.login(email) });

  it('gestor2 is on Gestoría Starter: starter rules, no payroll', async () => {
    const sub = dataOf<Subscription>(await subscriptionOf('gestor2@cuadra.test'));
    expect(sub).toMatchObject({ planCategory: 'GESTORIA', planCode: 'GESTORIA_STARTER', status: 'ACTIVE' });
    expect(isStarter(sub)).toBe(true);
    expect(hasPayroll(sub)).toBe(false);
  });

  it('gestor is on Gestoría Professional with payroll; the autónoma is on a trial', async () => {
    const gestor = dataOf<Subscription>(await subscriptionOf('gestor@cuadra.test'));
    expect(gestor).toMatchObject({ planCode: 'GESTORIA_PROFESSIONAL', limits: { payrollEnabled: true } });
    expect(hasPayroll(gestor)).toBe(true);
    const autonomo = dataOf<Subscription>(await subscriptionOf('autonomo@cuadra.test'));
    expect(autonomo).toMatchObject({ planCode: 'STANDARD_STARTER', status: 'TRIAL' });
  });

  it('the cliente has none: 404 CORE_006', async () => {
    const res = await subscriptionOf('cliente@cuadra.test');
    expect(res.status).toBe(404);
    expect(res.body.success === false && res.body.error.code).toBe('CORE_006');
  });
});

describe('client activation', () => {
  const email = `invitada-${randomUUID().slice(0, 8)}@cuadra.test`;
  const password = 'Activa-2026x';
  let activatedUserId: string | undefined;

  // Other files count the members of the demo bakery: leave it as it was.
  afterAll(async () => {
    if (!activatedUserId) return;
    const removed = await api.request(
      'DELETE',
      `/api/v1/companies/demo-panaderia-espiga/users/${activatedUserId}`,
      { token: await api.login('gestor@cuadra.test') },
    );
    expect(removed.status).toBe(200);
  });

  it('the gestor invites a new person, who activates from the mail, logs in and sees the company', async () => {
    const gestor = await api.login('gestor@cuadra.test');
    const invite = await api.request<{ status: string }>(
      'POST',
      '/api/v1/companies/demo-panaderia-espiga/users/invite',
      {
        token: gestor,
        body: {
          email,
          firstName: 'Carmen',
          lastName: 'Ibáñez Soler',
          companyRole: 'CLIENTE',
          permissions: ['VIEW_INVOICES', 'UPLOAD_DOCUMENTS'],
        },
      },
    );
    expect(invite.status, JSON.stringify(invite.body)).toBe(201);
    expect(dataOf<{ status: string }>(invite).status).toBe('INVITED');

    const token = tokenFrom(await waitForMail(email, /invitado/i));

    const validation = await api.request('GET', '/api/v1/auth/activation/validate', { query: { token } });
    expect(dataOf(validation)).toMatchObject({
      valid: true,
      companyName: 'Panadería La Espiga SL',
      firstName: 'Carmen',
      email: 'i***@c***.test',
    });

    const activated = await api.request('POST', '/api/v1/auth/activation', { body: { token, password } });
    expect(activated.status, JSON.stringify(activated.body)).toBe(201);
    activatedUserId = dataOf<{ userId: string; email: string }>(activated).userId;
    expect(dataOf(activated)).toMatchObject({ email });

    // Single use.
    const again = await api.request('POST', '/api/v1/auth/activation', { body: { token, password } });
    expect(again.status).toBe(400);
    expect(
      dataOf(await api.request('GET', '/api/v1/auth/activation/validate', { query: { token } })),
    ).toEqual({
      valid: false,
    });

    type Session = {
      accessToken: string;
      user: { role: string; emailVerified: boolean; clientPermissions: string[] };
      companies: { companyId: string; isDefault: boolean }[];
    };
    const session = dataOf<Session>(
      await api.request('POST', '/api/v1/auth/login', { body: { email, password } }),
    );
    expect(session.user).toMatchObject({ role: 'CLIENTE', emailVerified: true });
    expect(session.user.clientPermissions.sort()).toEqual(['UPLOAD_DOCUMENTS', 'VIEW_INVOICES']);
    expect(session.companies).toEqual([
      expect.objectContaining({ companyId: 'demo-panaderia-espiga', isDefault: true }),
    ]);

    const company = await api.request<{ name: string }>('GET', '/api/v1/companies/demo-panaderia-espiga', {
      token: session.accessToken,
    });
    expect(dataOf<{ name: string }>(company).name).toBe('Panadería La Espiga SL');

    // A new client pays for nothing and has its onboarding ahead.
    const sub = await api.request('GET', '/api/v1/billing/subscription', { token: session.accessToken });
    expect(sub.status).toBe(404);
    const check = await api.request('GET', '/api/v1/onboarding/check', { token: session.accessToken });
    expect(dataOf(check)).toEqual({ needsOnboarding: true });
  });
});
