import { keys } from '@shared/db/keys';
import type { BankingOverview } from '@shared/schemas/banking';
import type { Psd2LastSync } from '@shared/schemas/psd2';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Psd2ConnectionItem } from '../store/psd2';
import { actionCaller, bankingHarness, COMPANY } from '../testing/harness';
import { lastSuccessfulSyncOf, overviewRoute } from './overview';

const h = bankingHarness();
beforeEach(() => h.reset());
const caller = actionCaller();
const none = { params: undefined, query: undefined, body: undefined };

const sync = (at: string, outcome: Psd2LastSync['outcome']): Psd2LastSync => ({
  at,
  outcome,
  trigger: 'SCHEDULE',
  created: 0,
  duplicates: 0,
  errorCode: outcome === 'OK' ? null : 'BANK_PROVIDER_UNAVAILABLE',
  errorMessage: null,
  retryAfter: null,
});

/** A stored connection as store/psd2.ts writes it (only what the overview reads matters). */
const connection = (
  connectionId: string,
  over: Partial<Psd2ConnectionItem>,
  companyId = COMPANY,
): Psd2ConnectionItem => ({
  entity: 'Psd2Connection',
  schemaVersion: 1,
  companyId,
  connectionId,
  provider: 'GOCARDLESS',
  institutionId: 'SANDBOXCUADRA_CUADESMM',
  institutionName: 'Banco Sandbox',
  institutionBic: null,
  institutionLogo: null,
  status: 'LINKED',
  providerStatus: 'LN',
  requisitionId: `req-${connectionId}`,
  agreementId: null,
  link: 'https://bank.test/link',
  connectedBy: { userId: 'u-owner', email: 'owner@cuadra.test' },
  createdAt: '2026-01-01T00:00:00.000Z',
  linkedAt: '2026-01-01T00:05:00.000Z',
  consentExpiresAt: '2026-06-30T00:00:00.000Z',
  accessValidForDays: 180,
  maxHistoricalDays: 90,
  scopes: ['balances', 'details', 'transactions'],
  accounts: [],
  lastSync: null,
  lastSuccessfulSyncAt: null,
  renewal: null,
  sealedTokens: null,
  revokedAt: null,
  revokedBy: null,
  updatedAt: '2026-01-01T00:05:00.000Z',
  version: 1,
  ...over,
});

const seed = (item: Psd2ConnectionItem) =>
  h.table.put({ ...keys.psd2Connection(item.companyId, item.connectionId), ...item });

const overview = async () => (await overviewRoute.run({ ...caller, ...none }, h.deps)) as BankingOverview;

describe('banking overview: lastSyncAt', () => {
  it('is null without PSD2 connections', async () => {
    expect((await overview()).lastSyncAt).toBeNull();
  });

  it('is the latest successful sync of the LINKED connections only', async () => {
    // Linked, last attempt failed after an earlier success: the success counts.
    seed(
      connection('c1', {
        lastSync: sync('2026-03-10T08:00:00.000Z', 'FAILED'),
        lastSuccessfulSyncAt: '2026-03-09T06:00:00.000Z',
      }),
    );
    // Linked, newest success.
    seed(
      connection('c2', {
        lastSync: sync('2026-03-09T18:30:00.000Z', 'OK'),
        lastSuccessfulSyncAt: '2026-03-09T18:30:00.000Z',
      }),
    );
    // Expired and revoked consents synced later but no longer feed the accounts.
    seed(connection('c3', { status: 'EXPIRED', lastSuccessfulSyncAt: '2026-03-10T07:00:00.000Z' }));
    seed(connection('c4', { status: 'REVOKED', lastSuccessfulSyncAt: '2026-03-10T08:30:00.000Z' }));
    // Another company's connection is never read.
    seed(connection('c5', { lastSuccessfulSyncAt: '2026-03-10T08:59:00.000Z' }, 'co-other'));

    expect((await overview()).lastSyncAt).toBe('2026-03-09T18:30:00.000Z');
  });

  it('is null while the linked connections have never synced successfully', async () => {
    seed(connection('c1', { lastSync: sync('2026-03-10T08:00:00.000Z', 'FAILED') }));
    seed(connection('c2', { status: 'PENDING', providerStatus: 'CR', linkedAt: null }));
    expect((await overview()).lastSyncAt).toBeNull();
  });
});

describe('lastSuccessfulSyncOf', () => {
  it('falls back to a successful last sync when the success instant was not stored', () => {
    const { lastSuccessfulSyncAt: _, ...legacy } = connection('c1', {
      lastSync: sync('2026-03-08T10:00:00.000Z', 'OK'),
    });
    expect(lastSuccessfulSyncOf([legacy as Psd2ConnectionItem])).toBe('2026-03-08T10:00:00.000Z');
  });
});
