/**
 * The API client sends an Idempotency-Key on the routes marked `idempotent` (issue #12 item 5):
 * one per call, the same on the refresh-and-retry of that call, none on other routes.
 */
import { fetchAuthSession } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionWithTokens } from '../testing/amplify';
import { apiRequest } from './api-client';
import { setRuntimeConfig } from './runtime-config';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown) => json({ success: true, data, error: null });
const keyOf = (n: number) => new Headers(fetchMock.mock.calls[n]?.[1]?.headers).get('idempotency-key');

beforeEach(() => {
  setRuntimeConfig({
    apiBaseUrl: 'https://api.cuadra.test',
    region: 'eu-south-2',
    userPoolId: 'eu-south-2_pool',
    userPoolClientId: 'client',
    wsUrl: 'wss://ws.cuadra.test',
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(fetchAuthSession).mockImplementation(async (options) =>
    sessionWithTokens({ accessToken: options?.forceRefresh ? 'token-2' : 'token-1' }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetAllMocks();
});

const payment = { amountCents: 100, paidAt: '2026-11-10', method: 'TRANSFER' };

describe('Idempotency-Key', () => {
  it('sends a fresh key with each call of an idempotent route', async () => {
    fetchMock.mockImplementation(async () => ok({ paymentId: 'p1' }));
    await apiRequest('invoices.addPayment', { params: { invoiceId: 'i1' }, companyId: 'c1', body: payment });
    await apiRequest('invoices.addPayment', { params: { invoiceId: 'i1' }, companyId: 'c1', body: payment });
    expect(keyOf(0)).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
    expect(keyOf(1)).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
    expect(keyOf(0)).not.toBe(keyOf(1));
  });

  it('keeps the key of the call on its retry after a refreshed session', async () => {
    fetchMock
      .mockResolvedValueOnce(
        json({ success: false, data: null, error: { code: 'CORE_001', message: 'x', field: null } }, 401),
      )
      .mockResolvedValueOnce(ok({ paymentId: 'p1' }));
    await apiRequest('invoices.addPayment', { params: { invoiceId: 'i1' }, companyId: 'c1', body: payment });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(keyOf(1)).toBe(keyOf(0));
  });

  it('sends the caller key when given, and no key on other routes', async () => {
    fetchMock.mockImplementation(async () => ok({}));
    await apiRequest('invoices.createAndConfirm', {
      companyId: 'c1',
      body: {},
      idempotencyKey: 'mine-123456',
    });
    await apiRequest('invoices.confirm', { params: { invoiceId: 'i1' }, companyId: 'c1' });
    expect(keyOf(0)).toBe('mine-123456');
    expect(keyOf(1)).toBeNull();
  });
});
