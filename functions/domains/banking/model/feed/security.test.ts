import { describe, expect, it } from 'vitest';
import type { Psd2AuditItem, Psd2ConnectionItem } from '../../store/psd2';
import { securityMetrics, securityPolicies, securityRecommendations } from './security';

const NOW = new Date('2026-03-10T09:00:00.000Z');
const sealed = (keyRef: string) => ({
  alg: 'AES-256-GCM' as const,
  keyRef,
  wrappedKey: 'w',
  iv: 'i',
  tag: 't',
  ciphertext: 'c',
});

const conn = (over: Partial<Psd2ConnectionItem> = {}): Psd2ConnectionItem => ({
  entity: 'Psd2Connection',
  schemaVersion: 1,
  companyId: 'co',
  connectionId: 'cn-1',
  provider: 'GOCARDLESS',
  institutionId: 'B',
  institutionName: 'Banco Uno',
  institutionBic: null,
  institutionLogo: null,
  status: 'LINKED',
  providerStatus: 'LN',
  requisitionId: 'r',
  agreementId: 'a',
  link: 'l',
  connectedBy: { userId: 'u-1', email: 'ana@x.es' },
  createdAt: '2026-01-01T09:00:00.000Z',
  linkedAt: '2026-01-01T09:00:00.000Z',
  consentExpiresAt: '2026-06-30T09:00:00.000Z',
  accessValidForDays: 180,
  maxHistoricalDays: 90,
  scopes: ['balances', 'details', 'transactions'],
  accounts: [
    {
      providerAccountId: 'p',
      accountId: 'acc-1',
      iban: 'ES9121000418450200051332',
      holderName: null,
      currency: 'EUR',
      lastBookingDate: null,
    },
  ],
  lastSync: null,
  lastSuccessfulSyncAt: '2026-03-10T06:00:00.000Z',
  renewal: null,
  sealedTokens: sealed('kms:arn'),
  revokedAt: null,
  revokedBy: null,
  updatedAt: '',
  version: 1,
  ...over,
});

const sync = (at: string, over: Partial<Psd2AuditItem> = {}): Psd2AuditItem => ({
  entity: 'Psd2Audit',
  schemaVersion: 1,
  companyId: 'co',
  eventId: at,
  at,
  action: 'SYNC',
  connectionId: 'cn-1',
  institutionName: 'Banco Uno',
  actor: null,
  outcome: 'OK',
  detail: '',
  created: 3,
  duplicates: 0,
  errorCode: null,
  ...over,
});

const members = [
  { userId: 'u-1', email: 'ana@x.es', companyRole: 'OWNER' },
  { userId: 'u-2', email: 'luis@x.es', companyRole: 'MEMBER' },
];

describe('security from the records', () => {
  it('nothing to check: every policy says so (no invented compliance)', () => {
    const p = securityPolicies({ now: NOW, connections: [], audit: [], members: [] });
    expect(p.items.map((i) => i.compliant)).toEqual([null, null, null, null, null]);
  });

  it('flags scheduled syncs closer than 6 h, a manager action by a MEMBER and a consent due for renewal', () => {
    const facts = {
      now: NOW,
      connections: [conn({ consentExpiresAt: '2026-03-15T09:00:00.000Z' })],
      audit: [
        sync('2026-03-10T00:00:00.000Z'),
        sync('2026-03-10T03:00:00.000Z'),
        sync('2026-03-10T04:00:00.000Z', { actor: { userId: 'u-2', email: 'luis@x.es' } }),
        sync('2026-03-09T00:00:00.000Z', { action: 'REVOKE', actor: { userId: 'u-2', email: 'luis@x.es' } }),
      ],
      members,
    };
    const byId = Object.fromEntries(securityPolicies(facts).items.map((p) => [p.id, p]));
    expect(byId['sync-interval']).toMatchObject({ compliant: false });
    expect(byId['sync-interval']!.evidence).toContain('3 h');
    expect(byId['access-by-role']).toMatchObject({ compliant: false });
    expect(byId['reconsent-before-expiry']).toMatchObject({ compliant: false });
    expect(byId['tokens-encrypted']).toMatchObject({ compliant: true });
    const recs = securityRecommendations(facts).items;
    expect(recs[0]).toMatchObject({ id: 'expiring-cn-1', severity: 'HIGH' });
    expect(recs[0]!.detail).toContain('15/03/2026');
  });

  it('accounts without a successful sync for 2 days; metrics count the window', () => {
    const facts = {
      now: NOW,
      connections: [
        conn({ lastSuccessfulSyncAt: '2026-03-07T09:00:00.000Z' }),
        conn({ connectionId: 'cn-2', status: 'REVOKED', sealedTokens: null }),
      ],
      audit: [
        sync('2026-03-07T09:00:00.000Z'),
        sync('2026-03-08T09:00:00.000Z', { outcome: 'FAILED', created: 0 }),
        sync('2026-01-01T09:00:00.000Z'),
      ],
      members,
    };
    const recs = securityRecommendations(facts).items;
    expect(recs.find((r) => r.id === 'stale-cn-1-acc-1')).toMatchObject({
      severity: 'MEDIUM',
      accountId: 'acc-1',
    });
    const m = securityMetrics(facts);
    expect(m.syncs).toEqual({ ok: 1, failed: 1, movementsCreated: 3 });
    expect(m.connectionsByStatus).toMatchObject({ LINKED: 1, REVOKED: 1 });
    expect(m.oldestSyncAgeHours).toBe(72);
  });
});
