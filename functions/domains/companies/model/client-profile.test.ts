import { AppError } from '@shared/api/errors';
import type { Company, MembershipRecord, UserProfile } from '@shared/db/records';
import { describe, expect, it } from 'vitest';
import {
  type ClientMembership,
  canEditCompanyContact,
  clientUsers,
  planClientProfileUpdate,
} from './client-profile';

const NOW = new Date('2026-11-27T12:00:00.000Z');
const company = {
  companyId: 'co-1',
  name: 'Panadería La Espiga SL',
  nif: 'B46128732',
  companyType: 'SL',
  isActive: true,
  siiEnabled: false,
  verifactuEnabled: true,
  phone: '963 000 000',
  address: {
    street: 'Calle Mayor 1',
    postalCode: '46001',
    city: 'Valencia',
    province: 'Valencia',
    country: 'ES',
  },
  fiscal: { vatRegime: 'GENERAL', directTax: 'IMPUESTO_SOCIEDADES', largeCompany: false, redeme: false },
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  createdBy: 'g1',
} satisfies Company;
const member = (
  userId: string,
  companyRole: MembershipRecord['companyRole'],
  extra: Partial<ClientMembership> = {},
) =>
  ({
    companyId: 'co-1',
    userId,
    companyRole,
    permissions: companyRole === 'CLIENTE' ? ['VIEW_INVOICES'] : [],
    isActive: true,
    email: `${userId}@x.es`,
    firstName: userId,
    lastName: '',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...extra,
  }) satisfies ClientMembership;
const profile = { userId: 'c1', phone: '600 000 000' } as UserProfile;

const plan = (
  m: ClientMembership,
  body: Parameters<typeof planClientProfileUpdate>[0]['body'],
  isAdmin = false,
) => planClientProfileUpdate({ isAdmin, membership: m, profile, company, body, now: NOW });

describe('the client profile rules', () => {
  it('writes only what changes: the same phone is no write, the channel alone touches the membership', () => {
    expect(plan(member('c1', 'CLIENTE'), { phone: '600 000 000' })).toEqual({});
    const p = plan(member('c1', 'CLIENTE', { clientContact: { preferredHours: 'Tardes' } }), {
      preferredChannel: 'PHONE',
    });
    expect(p.phone).toBeUndefined();
    expect(p.company).toBeUndefined();
    expect(p.membership?.clientContact).toEqual({ preferredChannel: 'PHONE', preferredHours: 'Tardes' });
    expect(p.membership?.updatedAt).toBe(NOW.toISOString());
  });

  it('refuses to drop the phone while calls are the preferred channel', () => {
    const calls = member('c1', 'CLIENTE', { clientContact: { preferredChannel: 'PHONE' } });
    expect(() => plan(calls, { phone: null })).toThrow(AppError);
    expect(plan(calls, { phone: null, preferredChannel: 'EMAIL' }).phone).toBeNull();
  });

  it('gives the company’s contact fields to its owner, gestor and ADMIN only', () => {
    expect(canEditCompanyContact(false, 'OWNER')).toBe(true);
    expect(canEditCompanyContact(false, 'GESTOR')).toBe(true);
    expect(canEditCompanyContact(true, 'CLIENTE')).toBe(true);
    expect(canEditCompanyContact(false, 'MEMBER')).toBe(false);
    expect(canEditCompanyContact(false, 'CLIENTE')).toBe(false);
    const refused = (() => {
      try {
        plan(member('m1', 'MEMBER'), { company: { phone: null } });
      } catch (e) {
        return e;
      }
    })();
    expect((refused as AppError).code).toBe('CORE_002');
    const done = plan(member('o1', 'OWNER'), { company: { phone: null, email: 'a@b.es' } });
    expect(done.company?.phone).toBeUndefined();
    expect(done.company?.email).toBe('a@b.es');
    expect(done.company?.name).toBe(company.name);
  });

  it('refuses an empty request', () => {
    expect(() => plan(member('c1', 'CLIENTE'), {})).toThrow('No hay ningún cambio que guardar.');
    expect(() => plan(member('o1', 'OWNER'), { company: {} })).toThrow('No hay ningún cambio que guardar.');
  });

  it('lists people by role then name; a client sees only active members, staff everyone', () => {
    const members = [
      member('c2', 'CLIENTE', { firstName: 'Berta', isActive: false }),
      member('c1', 'CLIENTE', { firstName: 'Ana' }),
      member('g1', 'GESTOR', { firstName: 'Lucía' }),
      member('o1', 'OWNER', { firstName: 'Zoe' }),
    ];
    const forClient = clientUsers({
      callerId: 'c1',
      isAdmin: false,
      callerRole: 'CLIENTE',
      company,
      members,
    });
    expect(forClient.users.map((u) => u.userId)).toEqual(['o1', 'g1', 'c1']);
    const forStaff = clientUsers({ callerId: 'g1', isAdmin: false, callerRole: 'GESTOR', company, members });
    expect(forStaff.users.map((u) => u.userId)).toEqual(['o1', 'g1', 'c1', 'c2']);
    expect(() =>
      clientUsers({
        callerId: 'c1',
        isAdmin: false,
        callerRole: 'CLIENTE',
        company: { companyType: 'AUTONOMO' },
        members,
      }),
    ).toThrow(AppError);
    expect(
      clientUsers({
        callerId: 'a1',
        isAdmin: true,
        callerRole: 'CLIENTE',
        company: { companyType: 'SC' },
        members,
      }).users,
    ).toHaveLength(4);
  });
});
