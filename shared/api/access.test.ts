import { describe, expect, it } from 'vitest';
import { CLIENT_PERMISSIONS, type ClientPermission, type CompanyRole } from '../db/records';
import { type AccessName, type AccessSubject, accessPolicies, allows, canCall } from './access';
import { routeIds, routes } from './routes';

const member = (companyRole: CompanyRole, permissions: ClientPermission[] = []): AccessSubject => ({
  isAdmin: false,
  membership: { companyRole, permissions },
});
const names = Object.keys(accessPolicies) as AccessName[];

describe('access policies in the route table', () => {
  it('every company-scoped row names a policy, and only those rows do', () => {
    for (const id of routeIds) {
      const route = routes[id];
      if (route.company) expect(names, `${id} has no access policy`).toContain(route.access);
      else expect(route.access, `${id} is not company-scoped but names a policy`).toBeUndefined();
    }
  });

  it("the company's users, invitations and their statistics need `manage` (a CLIENTE or MEMBER cannot list them)", () => {
    const userRoutes = routeIds.filter((id) => id.startsWith('companyUsers.'));
    expect(userRoutes.length).toBeGreaterThanOrEqual(8);
    for (const id of userRoutes) {
      expect(routes[id].access, id).toBe('manage');
      expect(canCall(id, member('CLIENTE', [...CLIENT_PERMISSIONS])), id).toBe(false);
      expect(canCall(id, member('MEMBER')), id).toBe(false);
      expect(canCall(id, member('GESTOR')), id).toBe(true);
    }
  });

  it('invoicing, VeriFacTu and SII rows map reads and writes to their policies', () => {
    for (const id of routeIds) {
      const route = routes[id];
      if (route.domain === 'verifactu' || route.domain === 'sii')
        expect(route.access, id).toBe(route.method === 'GET' ? 'tax.read' : 'tax.write');
      // The pdf domain also renders a tax model's summary and an annual return's checklist (tax
      // documents: tax.read).
      const taxPdf = id === 'taxModels.pdf' || id === 'taxAnnualReturns.pdf';
      if (['invoices', 'expenses', 'pdf'].includes(route.domain) && !taxPdf)
        expect(route.access, id).toMatch(/^invoices\.(read|write)$/);
      if (taxPdf) expect(route.access, id).toBe('tax.read');
      if (route.method !== 'GET' && route.access === 'invoices.read') expect(id).toBe('invoices.export');
    }
  });
});

describe('allows', () => {
  it('lets ADMIN through every policy, member or not, and a non-member through none', () => {
    for (const name of names) {
      expect(allows(name, { isAdmin: true }), name).toBe(true);
      expect(allows(name, { isAdmin: false }), name).toBe(false);
    }
  });

  it('reads need the CLIENTE permission; writes refuse a CLIENTE even with every permission', () => {
    expect(allows('invoices.read', member('CLIENTE'))).toBe(false);
    expect(allows('invoices.read', member('CLIENTE', ['VIEW_INVOICES']))).toBe(true);
    expect(allows('invoices.read', member('CLIENTE', ['VIEW_TAX_DOCUMENTS']))).toBe(false);
    expect(allows('tax.read', member('CLIENTE', ['VIEW_TAX_DOCUMENTS']))).toBe(true);
    expect(allows('invoices.write', member('CLIENTE', [...CLIENT_PERMISSIONS]))).toBe(false);
    expect(allows('invoices.write', member('MEMBER'))).toBe(true);
    expect(allows('tax.write', member('MEMBER'))).toBe(false);
    expect(allows('tax.write', member('GESTOR'))).toBe(true);
    expect(allows('manage', member('OWNER'))).toBe(true);
    expect(allows('manage', member('MEMBER'))).toBe(false);
    expect(allows('staff', member('CLIENTE', [...CLIENT_PERMISSIONS]))).toBe(false);
    expect(allows('member', member('CLIENTE'))).toBe(true);
  });
});

describe('canCall', () => {
  it("answers a company-scoped route by its policy, and any other route with true (its gate is the user's group)", () => {
    expect(canCall('invoices.create', member('CLIENTE', ['VIEW_INVOICES']))).toBe(false);
    expect(canCall('invoices.list', member('CLIENTE', ['VIEW_INVOICES']))).toBe(true);
    expect(canCall('verifactu.updateConfig', member('MEMBER'))).toBe(false);
    expect(canCall('companies.list', { isAdmin: false })).toBe(true);
  });
});
