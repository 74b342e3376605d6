/**
 * Fixtures of the portal's tests: two companies on the in-memory table, their members (an owner,
 * a gestor, two clients; one gestor also advises the second company) and the deps with a
 * controllable clock.
 */

import { testDocumentClient } from '@functions/platform/testing/env';
import type { FakeTable } from '@functions/platform/testing/fake-table';
import { keys } from '@shared/db/keys';
import { type CompanyRole, companyItem, membershipItem } from '@shared/db/records';
import type { PortalDeps } from '../store/deps';

export const TABLE = 'cuadra-portal-test';
export const CO = 'co-panaderia';
export const CO2 = 'co-taller';
export const OWNER = 'u-owner';
export const GESTOR = 'u-gestor';
export const CLIENT = 'u-cliente';
export const CLIENT2 = 'u-cliente2';
export const OUTSIDER = 'u-taller';
/** Tuesday 2026-03-10 10:00 Madrid. */
export const T0 = new Date('2026-03-10T09:00:00.000Z');

export interface Clock {
  now: Date;
}

export function portalDeps(clock: Clock): PortalDeps {
  let ids = 0;
  return {
    db: testDocumentClient(),
    table: TABLE,
    now: () => new Date(clock.now),
    newId: () => `r${String(++ids).padStart(6, '0')}`,
    appUrl: 'https://app.cuadra.test/',
  };
}

const member = (companyId: string, userId: string, companyRole: CompanyRole, createdAt: string) =>
  membershipItem({
    companyId,
    userId,
    companyRole,
    permissions: [],
    isActive: true,
    email: `${userId}@cuadra.test`,
    firstName: userId.replace('u-', ''),
    lastName: 'Test',
    createdAt,
    updatedAt: createdAt,
  });

const company = (companyId: string, name: string) =>
  companyItem({
    companyId,
    name,
    nif: 'B12345678',
    companyType: 'SL',
    isActive: true,
    siiEnabled: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  } as never);

/** Seeds both companies and their members. */
export function seedCompanies(table: FakeTable, options: { withGestor?: boolean } = {}): void {
  table.put(company(CO, 'Panadería Test'));
  table.put(company(CO2, 'Taller Test'));
  table.put(member(CO, OWNER, 'OWNER', '2025-01-01T00:00:00.000Z'));
  if (options.withGestor ?? true) table.put(member(CO, GESTOR, 'GESTOR', '2025-01-02T00:00:00.000Z'));
  table.put(member(CO, CLIENT, 'CLIENTE', '2025-01-03T00:00:00.000Z'));
  table.put(member(CO, CLIENT2, 'CLIENTE', '2025-01-04T00:00:00.000Z'));
  table.put(member(CO2, OUTSIDER, 'OWNER', '2025-01-01T00:00:00.000Z'));
  table.put(member(CO2, GESTOR, 'GESTOR', '2025-01-02T00:00:00.000Z'));
}

/** Turns a channel or the 'system' family off for one person. */
export function setPreferences(
  table: FakeTable,
  userId: string,
  prefs: { IN_APP?: boolean; EMAIL?: boolean; system?: boolean },
): void {
  table.put({
    ...keys.notificationPreferences(userId),
    entity: 'NotificationPreferences',
    userId,
    preferences: {
      channels: { IN_APP: prefs.IN_APP ?? true, EMAIL: prefs.EMAIL ?? true },
      types: { system: prefs.system ?? true },
      emailDigest: 'never',
    },
  });
}
