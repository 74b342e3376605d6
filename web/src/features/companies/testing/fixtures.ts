/**
 * Builders for the companies feature's tests: API answers shaped like the server's, a signed-in
 * user for `useAuth`, and an `apiRequest` fake that answers by route id.
 */
import type { Page } from '@shared/api/envelope';
import type { RouteId } from '@shared/api/routes';
import type { CompanyEntry } from '@shared/schemas/companies';
import { defaultCompanySettings } from '@shared/schemas/companies';
import type { ApiRequestOptions } from '@web/lib/api-client';
import type { AuthContextValue } from '@web/lib/auth';
import type { CompanyDetail, CompanyUser } from '../types';

export const companyEntry = (n: number, overrides: Partial<CompanyEntry> = {}): CompanyEntry => ({
  companyId: `c-${n}`,
  name: `Empresa ${n}`,
  nif: `B0000000${n}`,
  companyType: 'SL',
  isActive: true,
  isDefault: false,
  siiEnabled: false,
  verifactuEnabled: true,
  createdAt: '2025-03-05T10:00:00Z',
  ...overrides,
});

export const companyDetail = (overrides: Partial<CompanyDetail> = {}): CompanyDetail => ({
  ...companyEntry(1, { name: 'Panadería La Espiga SL', nif: 'B46128732', isDefault: true }),
  email: 'administracion@laespiga.test',
  phone: '+34 963 520 410',
  address: {
    street: 'Carrer de Sueca 18',
    postalCode: '46006',
    city: 'València',
    province: 'Valencia',
    country: 'ES',
  },
  fiscal: {
    vatRegime: 'GENERAL',
    directTax: 'IMPUESTO_SOCIEDADES',
    activityCode: '1071',
    activityDescription: 'Fabricación de pan',
    largeCompany: false,
    redeme: false,
  },
  updatedAt: '2025-04-01T08:30:00Z',
  myRole: 'GESTOR',
  myPermissions: ['VIEW_INVOICES', 'VIEW_TAX_DOCUMENTS', 'VIEW_ACCOUNTING_DATA', 'UPLOAD_DOCUMENTS'],
  canManage: true,
  ...overrides,
});

export const companySettings = () => defaultCompanySettings();

export const companyUser = (overrides: Partial<CompanyUser> = {}): CompanyUser => ({
  userId: 'u-1',
  email: 'ana@gestoria.es',
  firstName: 'Ana',
  lastName: 'Martín',
  companyRole: 'GESTOR',
  permissions: ['VIEW_INVOICES', 'VIEW_TAX_DOCUMENTS', 'VIEW_ACCOUNTING_DATA', 'UPLOAD_DOCUMENTS'],
  department: null,
  position: null,
  isActive: true,
  status: 'ACTIVE',
  createdAt: '2025-02-10T09:00:00Z',
  ...overrides,
});

export const pageOf = <T>(content: T[], number = 0, totalElements = content.length, size = 20): Page<T> => ({
  content,
  page: number,
  size,
  totalElements,
  totalPages: Math.ceil(totalElements / size),
});

/** What `useAuth` returns for a signed-in user with these Cognito groups. */
export const signedInAs = (...groups: string[]): AuthContextValue =>
  ({
    state: { status: 'authenticated', user: { userId: 'me', email: 'yo@cuadra.test', groups } },
    signIn: async () => {},
    signOut: async () => {},
  }) as unknown as AuthContextValue;

type Handler = (options: ApiRequestOptions) => unknown;

/**
 * An `apiRequest` implementation answering by route id; a handler may return a value or throw.
 * A route without a handler fails the test loudly.
 */
export const answerRoutes =
  (handlers: Partial<Record<RouteId, Handler>>) =>
  async (routeId: RouteId, options: ApiRequestOptions = {}): Promise<never> => {
    const handler = handlers[routeId];
    if (!handler) throw new Error(`Unexpected API call ${routeId}`);
    return handler(options) as never;
  };
