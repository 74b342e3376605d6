/**
 * The HTTP route table: the single source of truth for every REST route of Cuadra.
 *
 * Read by the CDK stack (one API Gateway method per row, wired to the domain's Lambda),
 * by the local cloud's gateway (same paths, same authorizer rule) and by the web client
 * (URLs are built from these rows with `buildPath`). Adding a route is one row here plus
 * an action wired in the domain's handler; a test fails on a row without an action.
 */

export const ROLES = ['ADMIN', 'GESTOR', 'CLIENTE'] as const;
export type Role = (typeof ROLES)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `public`: no token. `user`: a valid Cognito access token (the authorizer runs). */
export type AuthLevel = 'public' | 'user';

export interface RouteDef {
  method: HttpMethod;
  /** API Gateway resource path, `{param}` segments, always starting with `/api/v1/`. */
  path: string;
  /** Domain whose Lambda serves the route (see `infra/manifest.ts`). */
  domain: string;
  auth: AuthLevel;
  /**
   * Company-scoped routes act on one company: the `{companyId}` path segment when the path has
   * one, otherwise the `x-company-id` header. The pipeline checks membership (403 CORE_003).
   */
  company: boolean;
  /** Cognito groups allowed; ADMIN always passes. Absent: any authenticated user. */
  roles?: readonly Role[];
}

const r = (
  method: HttpMethod,
  path: string,
  domain: string,
  auth: AuthLevel,
  company: boolean,
  roles?: readonly Role[],
): RouteDef =>
  roles ? { method, path, domain, auth, company, roles } : { method, path, domain, auth, company };

const V1 = '/api/v1';

export const routes = {
  // --- identity: authentication (spec part 1 §7) ---
  'auth.login': r('POST', `${V1}/auth/login`, 'identity', 'public', false),
  'auth.register': r('POST', `${V1}/auth/register`, 'identity', 'public', false),
  'auth.refresh': r('POST', `${V1}/auth/refresh`, 'identity', 'public', false),
  'auth.logout': r('POST', `${V1}/auth/logout`, 'identity', 'public', false),
  'auth.forgotPassword': r('POST', `${V1}/auth/forgot-password`, 'identity', 'public', false),
  'auth.verifyEmail': r('POST', `${V1}/auth/verify-email`, 'identity', 'public', false),
  'auth.verifyEmailValidate': r('GET', `${V1}/auth/verify-email/validate`, 'identity', 'public', false),
  'auth.verifyEmailResend': r('POST', `${V1}/auth/verify-email/resend`, 'identity', 'public', false),
  'auth.verifyEmailResendByEmail': r(
    'POST',
    `${V1}/auth/verify-email/resend-by-email`,
    'identity',
    'public',
    false,
  ),
  'auth.resetPasswordValidate': r('GET', `${V1}/auth/reset-password/validate`, 'identity', 'public', false),
  'auth.resetPassword': r('POST', `${V1}/auth/reset-password`, 'identity', 'public', false),
  'auth.changePassword': r('POST', `${V1}/auth/change-password`, 'identity', 'user', false),

  // Client activation: an invited person sets a password and joins the company (/client/activate).
  'auth.activationValidate': r('GET', `${V1}/auth/activation/validate`, 'identity', 'public', false),
  'auth.activate': r('POST', `${V1}/auth/activation`, 'identity', 'public', false),

  // --- identity: users ---
  'users.getProfile': r('GET', `${V1}/users/profile`, 'identity', 'user', false),
  'users.updateProfile': r('PUT', `${V1}/users/profile`, 'identity', 'user', false),
  'users.gestorType': r('GET', `${V1}/users/gestor-type`, 'identity', 'user', false),
  'users.get': r('GET', `${V1}/users/{userId}`, 'identity', 'user', false),

  // --- companies ---
  'system.health': r('GET', `${V1}/health`, 'companies', 'public', false),
  'companies.list': r('GET', `${V1}/companies`, 'companies', 'user', false),
  'companies.create': r('POST', `${V1}/companies`, 'companies', 'user', false),
  'companies.validateNif': r('GET', `${V1}/companies/nif/{nif}`, 'companies', 'user', false),
  'companies.get': r('GET', `${V1}/companies/{companyId}`, 'companies', 'user', true),
  'companies.update': r('PUT', `${V1}/companies/{companyId}`, 'companies', 'user', true),
  'companies.setDefault': r('PUT', `${V1}/companies/{companyId}/set-default`, 'companies', 'user', true),
  'companies.getSettings': r('GET', `${V1}/companies/{companyId}/settings`, 'companies', 'user', true),
  'companies.updateSettings': r('PUT', `${V1}/companies/{companyId}/settings`, 'companies', 'user', true),
  // The logo printed on the company's invoices (PNG or JPEG, checked by content).
  'companies.getLogo': r('GET', `${V1}/companies/{companyId}/logo`, 'companies', 'user', true),
  'companies.putLogo': r('PUT', `${V1}/companies/{companyId}/logo`, 'companies', 'user', true),
  'companies.deleteLogo': r('DELETE', `${V1}/companies/{companyId}/logo`, 'companies', 'user', true),
  'companyUsers.list': r('GET', `${V1}/companies/{companyId}/users`, 'companies', 'user', true),
  'companyUsers.invite': r('POST', `${V1}/companies/{companyId}/users/invite`, 'companies', 'user', true),
  'companyUsers.departments': r(
    'GET',
    `${V1}/companies/{companyId}/users/departments`,
    'companies',
    'user',
    true,
  ),
  'companyUsers.stats': r('GET', `${V1}/companies/{companyId}/users/stats`, 'companies', 'user', true),
  'companyUsers.get': r('GET', `${V1}/companies/{companyId}/users/{userId}`, 'companies', 'user', true),
  'companyUsers.update': r('PUT', `${V1}/companies/{companyId}/users/{userId}`, 'companies', 'user', true),
  'companyUsers.toggleStatus': r(
    'PATCH',
    `${V1}/companies/{companyId}/users/{userId}/status`,
    'companies',
    'user',
    true,
  ),
  'companyUsers.remove': r('DELETE', `${V1}/companies/{companyId}/users/{userId}`, 'companies', 'user', true),

  // --- notifications (spec part 3 §7): the caller's notifications in the selected company ---
  'notifications.list': r('GET', `${V1}/notifications`, 'notifications', 'user', true),
  'notifications.unread': r('GET', `${V1}/notifications/unread`, 'notifications', 'user', true),
  'notifications.markAllRead': r('PUT', `${V1}/notifications/read-all`, 'notifications', 'user', true),
  'notifications.markRead': r(
    'PUT',
    `${V1}/notifications/{notificationId}/read`,
    'notifications',
    'user',
    true,
  ),
  'notifications.markUnread': r(
    'PUT',
    `${V1}/notifications/{notificationId}/unread`,
    'notifications',
    'user',
    true,
  ),
  'notifications.delete': r('DELETE', `${V1}/notifications/{notificationId}`, 'notifications', 'user', true),
  'notifications.getPreferences': r('GET', `${V1}/notifications/preferences`, 'notifications', 'user', false),
  'notifications.updatePreferences': r(
    'PUT',
    `${V1}/notifications/preferences`,
    'notifications',
    'user',
    false,
  ),
  'notifications.test': r('POST', `${V1}/notifications/test`, 'notifications', 'user', true),

  // --- onboarding (spec part 1 §7) ---
  'onboarding.progress': r('GET', `${V1}/onboarding/progress`, 'onboarding', 'user', false),
  'onboarding.initialize': r('POST', `${V1}/onboarding/initialize`, 'onboarding', 'user', false),
  'onboarding.completeStep': r(
    'POST',
    `${V1}/onboarding/step/{stepId}/complete`,
    'onboarding',
    'user',
    false,
  ),
  'onboarding.skipStep': r('POST', `${V1}/onboarding/step/{stepId}/skip`, 'onboarding', 'user', false),
  'onboarding.next': r('POST', `${V1}/onboarding/next`, 'onboarding', 'user', false),
  'onboarding.complete': r('POST', `${V1}/onboarding/complete`, 'onboarding', 'user', false),
  'onboarding.steps': r('GET', `${V1}/onboarding/steps`, 'onboarding', 'user', false),
  'onboarding.step': r('GET', `${V1}/onboarding/step/{stepId}`, 'onboarding', 'user', false),
  'onboarding.updatePreferences': r('PUT', `${V1}/onboarding/preferences`, 'onboarding', 'user', false),
  'onboarding.restart': r('POST', `${V1}/onboarding/restart`, 'onboarding', 'user', false),
  'onboarding.check': r('GET', `${V1}/onboarding/check`, 'onboarding', 'user', false),
  'onboarding.stats': r('GET', `${V1}/onboarding/stats`, 'onboarding', 'user', false),

  // --- billing: the caller's subscription (plan gates of the web; 404 means none) ---
  'billing.getSubscription': r('GET', `${V1}/billing/subscription`, 'billing', 'user', false),

  // --- invoices: customers and invoice series (spec part 2 §2, §7) ---
  'customers.list': r('GET', `${V1}/customers`, 'invoices', 'user', true),
  'customers.create': r('POST', `${V1}/customers`, 'invoices', 'user', true),
  'customers.get': r('GET', `${V1}/customers/{customerId}`, 'invoices', 'user', true),
  'customers.update': r('PUT', `${V1}/customers/{customerId}`, 'invoices', 'user', true),
  'customers.delete': r('DELETE', `${V1}/customers/{customerId}`, 'invoices', 'user', true),
  'invoiceSeries.list': r('GET', `${V1}/invoice-series`, 'invoices', 'user', true),
  'invoiceSeries.create': r('POST', `${V1}/invoice-series`, 'invoices', 'user', true),
  'invoiceSeries.get': r('GET', `${V1}/invoice-series/{seriesId}`, 'invoices', 'user', true),
  'invoiceSeries.update': r('PUT', `${V1}/invoice-series/{seriesId}`, 'invoices', 'user', true),
  'invoiceSeries.delete': r('DELETE', `${V1}/invoice-series/{seriesId}`, 'invoices', 'user', true),
  'invoices.list': r('GET', `${V1}/invoices`, 'invoices', 'user', true),
  'invoices.create': r('POST', `${V1}/invoices`, 'invoices', 'user', true),
  'invoices.createAndConfirm': r('POST', `${V1}/invoices/create-and-confirm`, 'invoices', 'user', true),
  'invoices.get': r('GET', `${V1}/invoices/{invoiceId}`, 'invoices', 'user', true),
  'invoices.update': r('PUT', `${V1}/invoices/{invoiceId}`, 'invoices', 'user', true),
  'invoices.delete': r('DELETE', `${V1}/invoices/{invoiceId}`, 'invoices', 'user', true),
  'invoices.confirm': r('POST', `${V1}/invoices/{invoiceId}/confirm`, 'invoices', 'user', true),
  'invoices.pdf': r('GET', `${V1}/invoices/{invoiceId}/pdf`, 'pdf', 'user', true),
  'invoices.cancel': r('POST', `${V1}/invoices/{invoiceId}/cancel`, 'invoices', 'user', true),
  'invoices.listPayments': r('GET', `${V1}/invoices/{invoiceId}/payments`, 'invoices', 'user', true),
  'invoices.addPayment': r('POST', `${V1}/invoices/{invoiceId}/payments`, 'invoices', 'user', true),
  'invoices.rectify': r('POST', `${V1}/invoices/{invoiceId}/rectify`, 'invoices', 'user', true),
  // Spec part 2 §4: the three work listings and the yearly threshold statistics.
  'invoices.pendingConfirmation': r('GET', `${V1}/invoices/pending-confirmation`, 'invoices', 'user', true),
  'invoices.draftsPendingUserConfirmation': r(
    'GET',
    `${V1}/invoices/draft-pending-user-confirmation`,
    'invoices',
    'user',
    true,
  ),
  'invoices.confirmedPendingSii': r('GET', `${V1}/invoices/confirmed-pending-sii`, 'invoices', 'user', true),
  'invoices.thresholdStatistics': r('GET', `${V1}/invoices/threshold-statistics`, 'invoices', 'user', true),
  /** Running tax aggregates of one period (month `2026-03` or quarter `2026-Q1`), by book and tax key. */
  'taxAggregates.get': r('GET', `${V1}/tax-aggregates`, 'invoices', 'user', true),
  // Sending renders the PDF, so it lives with the renderer.
  'invoices.sendEmail': r('POST', `${V1}/invoices/{invoiceId}/send-email`, 'pdf', 'user', true),
  'invoices.emailLog': r('GET', `${V1}/invoices/{invoiceId}/emails`, 'pdf', 'user', true),
  'invoices.export': r('POST', `${V1}/invoices/export`, 'invoices', 'user', true),
  'invoices.bulkCreate': r('POST', `${V1}/invoices/bulk-operations`, 'invoices', 'user', true),
  'invoices.bulkGet': r('GET', `${V1}/invoices/bulk-operations/{operationId}`, 'invoices', 'user', true),
  'invoices.bulkDownload': r(
    'GET',
    `${V1}/invoices/bulk-operations/{operationId}/download`,
    'invoices',
    'user',
    true,
  ),
  'invoices.importUpload': r('POST', `${V1}/invoices/import`, 'invoices', 'user', true),
  'invoices.importTemplate': r('GET', `${V1}/invoices/import/template`, 'invoices', 'user', true),
  'invoices.importGet': r('GET', `${V1}/invoices/import/{batchId}`, 'invoices', 'user', true),
  'invoices.importExecute': r('POST', `${V1}/invoices/import/{batchId}/execute`, 'invoices', 'user', true),

  // --- recurring invoices (spec part 2 §2 invoices/recurring) ---
  'recurring.listTemplates': r('GET', `${V1}/recurring-invoices/templates`, 'invoices', 'user', true),
  'recurring.createTemplate': r('POST', `${V1}/recurring-invoices/templates`, 'invoices', 'user', true),
  'recurring.getTemplate': r(
    'GET',
    `${V1}/recurring-invoices/templates/{templateId}`,
    'invoices',
    'user',
    true,
  ),
  'recurring.updateTemplate': r(
    'PUT',
    `${V1}/recurring-invoices/templates/{templateId}`,
    'invoices',
    'user',
    true,
  ),
  'recurring.deleteTemplate': r(
    'DELETE',
    `${V1}/recurring-invoices/templates/{templateId}`,
    'invoices',
    'user',
    true,
  ),
  'recurring.generateNow': r(
    'POST',
    `${V1}/recurring-invoices/templates/{templateId}/generate`,
    'invoices',
    'user',
    true,
  ),
  'recurring.listGenerations': r('GET', `${V1}/recurring-invoices/generations`, 'invoices', 'user', true),
  'recurring.listScheduled': r('GET', `${V1}/recurring-invoices/scheduled`, 'invoices', 'user', true),
  'recurring.stats': r('GET', `${V1}/recurring-invoices/stats`, 'invoices', 'user', true),
  'recurring.getSettings': r('GET', `${V1}/recurring-invoices/settings`, 'invoices', 'user', true),
  'recurring.updateSettings': r('PUT', `${V1}/recurring-invoices/settings`, 'invoices', 'user', true),

  // --- expenses: suppliers and expense categories (spec part 1 §7, part 2 §2) ---
  'suppliers.list': r('GET', `${V1}/suppliers`, 'expenses', 'user', true),
  'suppliers.search': r('GET', `${V1}/suppliers/search`, 'expenses', 'user', true),
  'suppliers.byTaxId': r('GET', `${V1}/suppliers/by-tax-id/{taxId}`, 'expenses', 'user', true),
  'suppliers.create': r('POST', `${V1}/suppliers`, 'expenses', 'user', true),
  'suppliers.get': r('GET', `${V1}/suppliers/{supplierId}`, 'expenses', 'user', true),
  'suppliers.update': r('PUT', `${V1}/suppliers/{supplierId}`, 'expenses', 'user', true),
  'suppliers.delete': r('DELETE', `${V1}/suppliers/{supplierId}`, 'expenses', 'user', true),
  'expenseCategories.list': r('GET', `${V1}/expense-categories`, 'expenses', 'user', true),
  'expenseCategories.create': r('POST', `${V1}/expense-categories`, 'expenses', 'user', true),
  'expenseCategories.reorder': r('PUT', `${V1}/expense-categories/reorder`, 'expenses', 'user', true),
  'expenseCategories.update': r('PUT', `${V1}/expense-categories/{categoryId}`, 'expenses', 'user', true),
  'expenseCategories.delete': r('DELETE', `${V1}/expense-categories/{categoryId}`, 'expenses', 'user', true),
  'expenseCategories.duplicate': r(
    'POST',
    `${V1}/expense-categories/{categoryId}/duplicate`,
    'expenses',
    'user',
    true,
  ),
  'expenseCategories.counts': r('GET', `${V1}/expense-categories/counts`, 'expenses', 'user', true),

  // --- expenses: received invoices and expense totals (spec part 2 §3, §7) ---
  'receivedInvoices.list': r('GET', `${V1}/received-invoices`, 'expenses', 'user', true),
  'receivedInvoices.listByCompany': r(
    'GET',
    `${V1}/companies/{companyId}/received-invoices`,
    'expenses',
    'user',
    true,
  ),
  'receivedInvoices.create': r('POST', `${V1}/received-invoices`, 'expenses', 'user', true),
  'receivedInvoices.get': r('GET', `${V1}/received-invoices/{receivedInvoiceId}`, 'expenses', 'user', true),
  'receivedInvoices.update': r(
    'PUT',
    `${V1}/received-invoices/{receivedInvoiceId}`,
    'expenses',
    'user',
    true,
  ),
  'receivedInvoices.delete': r(
    'DELETE',
    `${V1}/received-invoices/{receivedInvoiceId}`,
    'expenses',
    'user',
    true,
  ),
  'receivedInvoices.setApproval': r(
    'PUT',
    `${V1}/received-invoices/{receivedInvoiceId}/approval-status`,
    'expenses',
    'user',
    true,
  ),
  'receivedInvoices.assignCategory': r(
    'PUT',
    `${V1}/received-invoices/{receivedInvoiceId}/expense-category`,
    'expenses',
    'user',
    true,
  ),
  'expenses.totals': r('GET', `${V1}/expenses/totals`, 'expenses', 'user', true),
  'expenses.byCategory': r('GET', `${V1}/expenses/by-category`, 'expenses', 'user', true),
  // --- VeriFacTu (issue 5; spec part 1 §7 verifactu-config and certificates, part 2 §3/§7 VeriFacTu) ---
  'verifactu.getConfig': r('GET', `${V1}/companies/{companyId}/verifactu-config`, 'verifactu', 'user', true),
  'verifactu.createConfig': r(
    'POST',
    `${V1}/companies/{companyId}/verifactu-config`,
    'verifactu',
    'user',
    true,
  ),
  'verifactu.updateConfig': r(
    'PUT',
    `${V1}/companies/{companyId}/verifactu-config`,
    'verifactu',
    'user',
    true,
  ),
  'verifactu.testConnection': r(
    'POST',
    `${V1}/companies/{companyId}/verifactu-config/test-connection`,
    'verifactu',
    'user',
    true,
  ),
  'certificates.list': r('GET', `${V1}/companies/{companyId}/certificates`, 'verifactu', 'user', true),
  'certificates.upload': r('POST', `${V1}/companies/{companyId}/certificates`, 'verifactu', 'user', true),
  'certificates.delete': r(
    'DELETE',
    `${V1}/companies/{companyId}/certificates/{certificateId}`,
    'verifactu',
    'user',
    true,
  ),
  'certificates.usage': r(
    'GET',
    `${V1}/companies/{companyId}/certificates/{certificateId}/usage`,
    'verifactu',
    'user',
    true,
  ),
  'verifactu.listSubmissions': r('GET', `${V1}/verifactu/submissions`, 'verifactu', 'user', true),
  'verifactu.exportSubmissions': r('GET', `${V1}/verifactu/submissions/export`, 'verifactu', 'user', true),
  'verifactu.bulkSubmit': r('POST', `${V1}/verifactu/submissions/bulk-submit`, 'verifactu', 'user', true),
  'verifactu.getSubmission': r(
    'GET',
    `${V1}/verifactu/submissions/{submissionId}`,
    'verifactu',
    'user',
    true,
  ),
  'verifactu.submissionExchange': r(
    'GET',
    `${V1}/verifactu/submissions/{submissionId}/exchange`,
    'verifactu',
    'user',
    true,
  ),
  'verifactu.cancelSubmission': r(
    'POST',
    `${V1}/verifactu/submissions/{submissionId}/cancel`,
    'verifactu',
    'user',
    true,
  ),
  'verifactu.resubmit': r(
    'POST',
    `${V1}/verifactu/submissions/{submissionId}/resubmit`,
    'verifactu',
    'user',
    true,
  ),
  'verifactu.dashboard': r('GET', `${V1}/verifactu/dashboard/{companyId}`, 'verifactu', 'user', true),
  'verifactu.usage': r('GET', `${V1}/verifactu/usage/{companyId}`, 'verifactu', 'user', true),
  'verifactu.invoiceStatus': r(
    'GET',
    `${V1}/verifactu/invoices/{invoiceId}/status`,
    'verifactu',
    'user',
    true,
  ),
  'verifactu.invoiceQr': r('GET', `${V1}/verifactu/invoices/{invoiceId}/qr`, 'verifactu', 'user', true),
  'verifactu.downloadQr': r(
    'GET',
    `${V1}/verifactu/invoices/{invoiceId}/qr/download`,
    'verifactu',
    'user',
    true,
  ),
  'verifactu.invoiceRecord': r(
    'GET',
    `${V1}/verifactu/invoices/{invoiceId}/record`,
    'verifactu',
    'user',
    true,
  ),
  'verifactu.submitInvoice': r(
    'POST',
    `${V1}/verifactu/invoices/{invoiceId}/submit`,
    'verifactu',
    'user',
    true,
  ),
  'verifactu.chainVerification': r('GET', `${V1}/verifactu/chain/verification`, 'verifactu', 'user', true),
} as const satisfies Record<string, RouteDef>;

export type RouteId = keyof typeof routes;
export const routeIds = Object.keys(routes) as RouteId[];

/** Path parameter names of a `{param}` path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
}

/** Fills a route's `{param}` segments (URL-encoded). Throws on a missing parameter. */
export function buildPath(id: RouteId, params: Record<string, string> = {}): string {
  return routes[id].path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter ${name} for ${id}`);
    return encodeURIComponent(value);
  });
}

export interface RouteMatch {
  id: RouteId;
  route: RouteDef;
  params: Record<string, string>;
}

interface CompiledRoute {
  id: RouteId;
  route: RouteDef;
  segments: string[];
  staticCount: number;
}

const compiled: CompiledRoute[] = routeIds
  .map((id) => {
    const route: RouteDef = routes[id];
    const segments = route.path.split('/').filter(Boolean);
    return { id, route, segments, staticCount: segments.filter((s) => !s.startsWith('{')).length };
  })
  // Like API Gateway: a static segment wins over a `{param}` at the same position.
  .sort((a, b) => {
    const len = Math.min(a.segments.length, b.segments.length);
    for (let i = 0; i < len; i++) {
      const pa = a.segments[i]!.startsWith('{');
      const pb = b.segments[i]!.startsWith('{');
      if (pa !== pb) return pa ? 1 : -1;
    }
    return b.staticCount - a.staticCount;
  });

/** Finds the route for a concrete method and URL path (no query string). */
export function matchRoute(method: string, urlPath: string): RouteMatch | undefined {
  const parts = urlPath.split('/').filter(Boolean);
  for (const c of compiled) {
    if (c.route.method !== method || c.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < parts.length; i++) {
      const seg = c.segments[i]!;
      const part = parts[i]!;
      if (seg.startsWith('{')) {
        try {
          params[seg.slice(1, -1)] = decodeURIComponent(part);
        } catch {
          ok = false;
          break;
        }
      } else if (seg !== part) {
        ok = false;
        break;
      }
    }
    if (ok) return { id: c.id, route: c.route, params };
  }
  return undefined;
}

/** True when some route has this path with another method (405 rather than 404). */
export function pathExists(urlPath: string): boolean {
  return ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].some((m) => matchRoute(m, urlPath) !== undefined);
}

/** Looks up a route by API Gateway's `httpMethod` and `resource` (the `{param}` path). */
export function routeByResource(method: string, resource: string): RouteMatch['id'] | undefined {
  return routeIds.find((id) => routes[id].method === method && routes[id].path === resource);
}
