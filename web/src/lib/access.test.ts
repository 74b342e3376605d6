import type { ClientPermission, CompanyRole } from '@shared/db/records';
import { describe, expect, it } from 'vitest';
import { type Caller, callerOf, canCall } from './access';

const member = (companyRole: CompanyRole, permissions: ClientPermission[] = []): Caller =>
  callerOf(companyRole === 'CLIENTE' ? 'CLIENTE' : 'GESTOR', {
    myRole: companyRole,
    myPermissions: permissions,
  });

describe('canCall: the route table’s access policy against the membership (issue 10 item 5)', () => {
  const readOnlyClient = member('CLIENTE', ['VIEW_INVOICES', 'VIEW_TAX_DOCUMENTS']);

  it('lets a read-only CLIENTE read invoices, and nothing that writes', () => {
    expect(canCall('invoices.list', readOnlyClient)).toBe(true);
    expect(canCall('invoices.pdf', readOnlyClient)).toBe(true);
    for (const write of [
      'invoices.create',
      'invoices.addPayment',
      'invoices.cancel',
      'invoices.rectify',
      'invoices.confirm',
      'receivedInvoices.setApproval',
      'suppliers.create',
      'companies.update',
      'companyUsers.invite',
    ] as const) {
      expect(canCall(write, readOnlyClient), write).toBe(false);
    }
  });

  it('refuses a CLIENTE reading invoices without VIEW_INVOICES', () => {
    expect(canCall('invoices.list', member('CLIENTE', ['UPLOAD_DOCUMENTS']))).toBe(false);
  });

  it('lets the owner (an autónomo) and the gestor write, and only managers manage the company', () => {
    for (const role of ['OWNER', 'GESTOR'] as const) {
      expect(canCall('invoices.create', member(role)), role).toBe(true);
      expect(canCall('companies.update', member(role)), role).toBe(true);
    }
    expect(canCall('invoices.create', member('MEMBER'))).toBe(true);
    expect(canCall('companies.update', member('MEMBER'))).toBe(false);
  });

  it('lets an administrator do everything, member or not (myRole ADMIN)', () => {
    const admin = callerOf('ADMIN', { myRole: 'ADMIN', myPermissions: [] });
    expect(admin.membership).toBeNull();
    expect(canCall('invoices.create', admin)).toBe(true);
    expect(canCall('companyUsers.remove', admin)).toBe(true);
  });

  it('refuses a company route to someone who is not a member', () => {
    expect(canCall('invoices.list', callerOf('GESTOR', null))).toBe(false);
  });

  it('applies the Cognito role gate of routes that are not company-scoped', () => {
    expect(canCall('companies.list', callerOf('CLIENTE', null))).toBe(true);
  });
});
