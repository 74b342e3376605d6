/**
 * The HTTP route table: the single source of truth for every REST route of Cuadra.
 *
 * Read by the CDK stack (one API Gateway method per row, wired to the domain's Lambda),
 * by the local cloud's gateway (same paths, same authorizer rule) and by the web client
 * (URLs are built from these rows with `buildPath`). Adding a route is one row here plus
 * an action wired in the domain's handler; the type checker refuses a handler with a missing or
 * unknown action. A company-scoped row names its access policy (shared/api/access.ts), which the
 * pipeline enforces and the web reads through `canCall`.
 */

import type { AccessName } from './access';

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
  /** Cognito groups allowed (routes that are not company-scoped); ADMIN always passes. Absent: any user. */
  roles?: readonly Role[] | undefined;
  /**
   * Who may call a company-scoped route: a policy of `shared/api/access.ts`, checked by the
   * pipeline right after the membership (403 CORE_002) and before the request is validated.
   */
  access?: AccessName | undefined;
  /**
   * The route honours the `Idempotency-Key` header (issue #12 item 5): a repeat with the same key
   * and request gets the first answer again instead of a second payment or document
   * (functions/platform/idempotency.ts). Only company-scoped POSTs that create something.
   */
  idempotent?: true | undefined;
  /**
   * The spec's client sends the company in the JSON body (`companyId`) rather than the header: the
   * pipeline takes it from there when neither the path nor the header names one, and a request
   * naming none is refused with this message (accounting's 'No hay empresa seleccionada').
   */
  companyInBody?: { missingMessage: string } | undefined;
}

/** A row that is not company-scoped: public, or any user (optionally only some Cognito groups). */
export interface PlainRoute<D extends string, A extends AuthLevel> extends RouteDef {
  domain: D;
  auth: A;
  company: false;
  access?: undefined;
}

/** A company-scoped row: always a user route, always with its access policy. */
export interface CompanyRoute<D extends string, P extends AccessName> extends RouteDef {
  domain: D;
  auth: 'user';
  company: true;
  access: P;
  roles?: undefined;
}

/**
 * One row of the table. The row keeps its literal domain, auth level and policy in its type, so
 * a domain's handler is checked against exactly its routes, and a company-scoped row without a
 * policy does not compile.
 */
function r<D extends string, A extends AuthLevel>(
  method: HttpMethod,
  path: string,
  domain: D,
  auth: A,
  company: false,
  roles?: readonly Role[],
): PlainRoute<D, A>;
function r<D extends string, P extends AccessName>(
  method: HttpMethod,
  path: string,
  domain: D,
  auth: 'user',
  company: true,
  access: P,
): CompanyRoute<D, P>;
function r(
  method: HttpMethod,
  path: string,
  domain: string,
  auth: AuthLevel,
  company: boolean,
  rolesOrAccess?: readonly Role[] | AccessName,
): RouteDef {
  if (company) return { method, path, domain, auth, company, access: rolesOrAccess as AccessName };
  return rolesOrAccess
    ? { method, path, domain, auth, company, roles: rolesOrAccess as readonly Role[] }
    : { method, path, domain, auth, company };
}

/** Marks a company-scoped POST that creates money movements or documents as idempotent (see `idempotent`). */
const idempotent = <R extends CompanyRoute<string, AccessName>>(row: R): R & { idempotent: true } => ({
  ...row,
  idempotent: true,
});

/** Marks a company-scoped POST whose company may come in the body's `companyId` (see `companyInBody`). */
const companyInBody = <R extends CompanyRoute<string, AccessName>>(
  row: R,
  missingMessage: string,
): R & { companyInBody: { missingMessage: string } } => ({ ...row, companyInBody: { missingMessage } });

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
  // Ends every session of the caller, on every device (issue #12 item 3).
  'auth.logoutAll': r('POST', `${V1}/auth/logout-all`, 'identity', 'user', false),

  // Client activation: an invited person sets a password and joins the company (/client/activate).
  'auth.activationValidate': r('GET', `${V1}/auth/activation/validate`, 'identity', 'public', false),
  'auth.activate': r('POST', `${V1}/auth/activation`, 'identity', 'public', false),

  // --- identity: users ---
  'users.getProfile': r('GET', `${V1}/users/profile`, 'identity', 'user', false),
  'users.updateProfile': r('PUT', `${V1}/users/profile`, 'identity', 'user', false),
  'users.gestorType': r('GET', `${V1}/users/gestor-type`, 'identity', 'user', false),
  'users.get': r('GET', `${V1}/users/{userId}`, 'identity', 'user', false),
  // The platform administrator disables (or re-enables) an account; disabling ends its sessions.
  'admin.setUserStatus': r('PUT', `${V1}/admin/users/{userId}/status`, 'identity', 'user', false, ['ADMIN']),
  // Invitations addressed to the caller's account: nobody joins a company without accepting (issue #12).
  'users.invitations': r('GET', `${V1}/users/invitations`, 'identity', 'user', false),
  'users.acceptInvitation': r(
    'POST',
    `${V1}/users/invitations/{invitationId}/accept`,
    'identity',
    'user',
    false,
  ),
  'users.declineInvitation': r(
    'POST',
    `${V1}/users/invitations/{invitationId}/decline`,
    'identity',
    'user',
    false,
  ),

  // --- companies ---
  'system.health': r('GET', `${V1}/health`, 'companies', 'public', false),
  'companies.list': r('GET', `${V1}/companies`, 'companies', 'user', false),
  'companies.create': r('POST', `${V1}/companies`, 'companies', 'user', false),
  'companies.validateNif': r('GET', `${V1}/companies/nif/{nif}`, 'companies', 'user', false),
  'companies.get': r('GET', `${V1}/companies/{companyId}`, 'companies', 'user', true, 'member'),
  'companies.update': r('PUT', `${V1}/companies/{companyId}`, 'companies', 'user', true, 'manage'),
  'companies.setDefault': r(
    'PUT',
    `${V1}/companies/{companyId}/set-default`,
    'companies',
    'user',
    true,
    'member',
  ),
  'companies.getSettings': r(
    'GET',
    `${V1}/companies/{companyId}/settings`,
    'companies',
    'user',
    true,
    'invoices.read',
  ),
  'companies.updateSettings': r(
    'PUT',
    `${V1}/companies/{companyId}/settings`,
    'companies',
    'user',
    true,
    'manage',
  ),
  // The logo printed on the company's invoices (PNG or JPEG, checked by content).
  'companies.getLogo': r('GET', `${V1}/companies/{companyId}/logo`, 'companies', 'user', true, 'member'),
  'companies.putLogo': r('PUT', `${V1}/companies/{companyId}/logo`, 'companies', 'user', true, 'manage'),
  'companies.deleteLogo': r(
    'DELETE',
    `${V1}/companies/{companyId}/logo`,
    'companies',
    'user',
    true,
    'manage',
  ),
  'companyUsers.list': r('GET', `${V1}/companies/{companyId}/users`, 'companies', 'user', true, 'manage'),
  'companyUsers.invite': r(
    'POST',
    `${V1}/companies/{companyId}/users/invite`,
    'companies',
    'user',
    true,
    'manage',
  ),
  'companyUsers.departments': r(
    'GET',
    `${V1}/companies/{companyId}/users/departments`,
    'companies',
    'user',
    true,
    'manage',
  ),
  'companyUsers.stats': r(
    'GET',
    `${V1}/companies/{companyId}/users/stats`,
    'companies',
    'user',
    true,
    'manage',
  ),
  'companyUsers.get': r(
    'GET',
    `${V1}/companies/{companyId}/users/{userId}`,
    'companies',
    'user',
    true,
    'manage',
  ),
  'companyUsers.update': r(
    'PUT',
    `${V1}/companies/{companyId}/users/{userId}`,
    'companies',
    'user',
    true,
    'manage',
  ),
  'companyUsers.toggleStatus': r(
    'PATCH',
    `${V1}/companies/{companyId}/users/{userId}/status`,
    'companies',
    'user',
    true,
    'manage',
  ),
  'companyUsers.remove': r(
    'DELETE',
    `${V1}/companies/{companyId}/users/{userId}`,
    'companies',
    'user',
    true,
    'manage',
  ),

  // --- notifications (spec part 3 §7): the caller's notifications in the selected company ---
  'notifications.list': r('GET', `${V1}/notifications`, 'notifications', 'user', true, 'member'),
  'notifications.unread': r('GET', `${V1}/notifications/unread`, 'notifications', 'user', true, 'member'),
  'notifications.markAllRead': r(
    'PUT',
    `${V1}/notifications/read-all`,
    'notifications',
    'user',
    true,
    'member',
  ),
  'notifications.markRead': r(
    'PUT',
    `${V1}/notifications/{notificationId}/read`,
    'notifications',
    'user',
    true,
    'member',
  ),
  'notifications.markUnread': r(
    'PUT',
    `${V1}/notifications/{notificationId}/unread`,
    'notifications',
    'user',
    true,
    'member',
  ),
  'notifications.delete': r(
    'DELETE',
    `${V1}/notifications/{notificationId}`,
    'notifications',
    'user',
    true,
    'member',
  ),
  'notifications.getPreferences': r('GET', `${V1}/notifications/preferences`, 'notifications', 'user', false),
  'notifications.updatePreferences': r(
    'PUT',
    `${V1}/notifications/preferences`,
    'notifications',
    'user',
    false,
  ),
  'notifications.test': r('POST', `${V1}/notifications/test`, 'notifications', 'user', true, 'member'),
  // Issue 20: clicks, stats, history, pending deliveries, cleanup, delegations and analytics.
  'notifications.click': r(
    'POST',
    `${V1}/notifications/{notificationId}/click`,
    'notifications',
    'user',
    true,
    'member',
  ),
  'notifications.stats': r('GET', `${V1}/notifications/stats`, 'notifications', 'user', true, 'member'),
  'notifications.history': r('GET', `${V1}/notifications/history`, 'notifications', 'user', true, 'member'),
  'notifications.pending': r('GET', `${V1}/notifications/pending`, 'notifications', 'user', true, 'member'),
  'notifications.cleanup': r('POST', `${V1}/notifications/cleanup`, 'notifications', 'user', true, 'member'),
  'notifications.listDelegations': r(
    'GET',
    `${V1}/notifications/delegations`,
    'notifications',
    'user',
    true,
    'staff',
  ),
  'notifications.createDelegation': r(
    'POST',
    `${V1}/notifications/delegations`,
    'notifications',
    'user',
    true,
    'staff',
  ),
  'notifications.deleteDelegation': r(
    'DELETE',
    `${V1}/notifications/delegations/{delegationId}`,
    'notifications',
    'user',
    true,
    'staff',
  ),
  // The company's notification analytics (views kpis, metrics, channels, types, delivery, engagement,
  // trends, errors, comparative, efficiency; `from`/`to`): staff only, over every member's notifications.
  'notifications.analytics': r(
    'GET',
    `${V1}/notifications/analytics/{view}`,
    'notifications',
    'user',
    true,
    'staff',
  ),

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
  // The same answer as 200 `{ subscription: null }` when there is none: what the web asks on every page.
  'billing.getSubscriptionStatus': r('GET', `${V1}/billing/subscription/status`, 'billing', 'user', false),

  // --- invoices: customers and invoice series (spec part 2 §2, §7) ---
  'customers.list': r('GET', `${V1}/customers`, 'invoices', 'user', true, 'invoices.read'),
  'customers.create': r('POST', `${V1}/customers`, 'invoices', 'user', true, 'invoices.write'),
  'customers.get': r('GET', `${V1}/customers/{customerId}`, 'invoices', 'user', true, 'invoices.read'),
  'customers.update': r('PUT', `${V1}/customers/{customerId}`, 'invoices', 'user', true, 'invoices.write'),
  'customers.delete': r('DELETE', `${V1}/customers/{customerId}`, 'invoices', 'user', true, 'invoices.write'),
  'invoiceSeries.list': r('GET', `${V1}/invoice-series`, 'invoices', 'user', true, 'invoices.read'),
  'invoiceSeries.create': r('POST', `${V1}/invoice-series`, 'invoices', 'user', true, 'invoices.write'),
  'invoiceSeries.get': r('GET', `${V1}/invoice-series/{seriesId}`, 'invoices', 'user', true, 'invoices.read'),
  'invoiceSeries.update': r(
    'PUT',
    `${V1}/invoice-series/{seriesId}`,
    'invoices',
    'user',
    true,
    'invoices.write',
  ),
  'invoiceSeries.delete': r(
    'DELETE',
    `${V1}/invoice-series/{seriesId}`,
    'invoices',
    'user',
    true,
    'invoices.write',
  ),
  'invoices.list': r('GET', `${V1}/invoices`, 'invoices', 'user', true, 'invoices.read'),
  'invoices.create': idempotent(r('POST', `${V1}/invoices`, 'invoices', 'user', true, 'invoices.write')),
  'invoices.createAndConfirm': idempotent(
    r('POST', `${V1}/invoices/create-and-confirm`, 'invoices', 'user', true, 'invoices.write'),
  ),
  'invoices.get': r('GET', `${V1}/invoices/{invoiceId}`, 'invoices', 'user', true, 'invoices.read'),
  'invoices.update': r('PUT', `${V1}/invoices/{invoiceId}`, 'invoices', 'user', true, 'invoices.write'),
  'invoices.delete': r('DELETE', `${V1}/invoices/{invoiceId}`, 'invoices', 'user', true, 'invoices.write'),
  'invoices.confirm': r(
    'POST',
    `${V1}/invoices/{invoiceId}/confirm`,
    'invoices',
    'user',
    true,
    'invoices.write',
  ),
  'invoices.pdf': r('GET', `${V1}/invoices/{invoiceId}/pdf`, 'pdf', 'user', true, 'invoices.read'),
  'invoices.cancel': r(
    'POST',
    `${V1}/invoices/{invoiceId}/cancel`,
    'invoices',
    'user',
    true,
    'invoices.write',
  ),
  'invoices.listPayments': r(
    'GET',
    `${V1}/invoices/{invoiceId}/payments`,
    'invoices',
    'user',
    true,
    'invoices.read',
  ),
  'invoices.addPayment': idempotent(
    r('POST', `${V1}/invoices/{invoiceId}/payments`, 'invoices', 'user', true, 'invoices.write'),
  ),
  // Issue 10, item 7: a recorded payment is corrected or deleted (audit line on the payment).
  'invoices.updatePayment': r(
    'PUT',
    `${V1}/invoices/{invoiceId}/payments/{paymentId}`,
    'invoices',
    'user',
    true,
    'invoices.write',
  ),
  'invoices.deletePayment': r(
    'DELETE',
    `${V1}/invoices/{invoiceId}/payments/{paymentId}`,
    'invoices',
    'user',
    true,
    'invoices.write',
  ),
  // Issue 10, item 1: a credit note's unused credit applied to another open invoice of the customer.
  'invoices.applyCredit': idempotent(
    r('POST', `${V1}/invoices/{invoiceId}/apply-credit`, 'invoices', 'user', true, 'invoices.write'),
  ),
  'invoices.rectify': idempotent(
    r('POST', `${V1}/invoices/{invoiceId}/rectify`, 'invoices', 'user', true, 'invoices.write'),
  ),
  // Spec part 2 §4: the three work listings and the yearly threshold statistics.
  'invoices.pendingConfirmation': r(
    'GET',
    `${V1}/invoices/pending-confirmation`,
    'invoices',
    'user',
    true,
    'invoices.read',
  ),
  'invoices.draftsPendingUserConfirmation': r(
    'GET',
    `${V1}/invoices/draft-pending-user-confirmation`,
    'invoices',
    'user',
    true,
    'invoices.read',
  ),
  'invoices.confirmedPendingSii': r(
    'GET',
    `${V1}/invoices/confirmed-pending-sii`,
    'invoices',
    'user',
    true,
    'invoices.read',
  ),
  'invoices.thresholdStatistics': r(
    'GET',
    `${V1}/invoices/threshold-statistics`,
    'invoices',
    'user',
    true,
    'invoices.read',
  ),
  /** Running tax aggregates of one period (month `2026-03` or quarter `2026-Q1`), by book and tax key. */
  'taxAggregates.get': r('GET', `${V1}/tax-aggregates`, 'invoices', 'user', true, 'invoices.read'),
  // Sending renders the PDF, so it lives with the renderer.
  'invoices.sendEmail': r(
    'POST',
    `${V1}/invoices/{invoiceId}/send-email`,
    'pdf',
    'user',
    true,
    'invoices.write',
  ),
  'invoices.emailLog': r('GET', `${V1}/invoices/{invoiceId}/emails`, 'pdf', 'user', true, 'invoices.read'),
  'invoices.export': r('POST', `${V1}/invoices/export`, 'invoices', 'user', true, 'invoices.read'),
  'invoices.bulkCreate': idempotent(
    r('POST', `${V1}/invoices/bulk-operations`, 'invoices', 'user', true, 'invoices.write'),
  ),
  'invoices.bulkGet': r(
    'GET',
    `${V1}/invoices/bulk-operations/{operationId}`,
    'invoices',
    'user',
    true,
    'invoices.read',
  ),
  'invoices.bulkDownload': r(
    'GET',
    `${V1}/invoices/bulk-operations/{operationId}/download`,
    'invoices',
    'user',
    true,
    'invoices.read',
  ),
  'invoices.importUpload': idempotent(
    r('POST', `${V1}/invoices/import`, 'invoices', 'user', true, 'invoices.write'),
  ),
  'invoices.importTemplate': r(
    'GET',
    `${V1}/invoices/import/template`,
    'invoices',
    'user',
    true,
    'invoices.read',
  ),
  'invoices.importGet': r(
    'GET',
    `${V1}/invoices/import/{batchId}`,
    'invoices',
    'user',
    true,
    'invoices.read',
  ),
  'invoices.importExecute': idempotent(
    r('POST', `${V1}/invoices/import/{batchId}/execute`, 'invoices', 'user', true, 'invoices.write'),
  ),

  // --- recurring invoices (spec part 2 §2 invoices/recurring) ---
  'recurring.listTemplates': r(
    'GET',
    `${V1}/recurring-invoices/templates`,
    'invoices',
    'user',
    true,
    'invoices.read',
  ),
  'recurring.createTemplate': r(
    'POST',
    `${V1}/recurring-invoices/templates`,
    'invoices',
    'user',
    true,
    'invoices.write',
  ),
  'recurring.getTemplate': r(
    'GET',
    `${V1}/recurring-invoices/templates/{templateId}`,
    'invoices',
    'user',
    true,
    'invoices.read',
  ),
  'recurring.updateTemplate': r(
    'PUT',
    `${V1}/recurring-invoices/templates/{templateId}`,
    'invoices',
    'user',
    true,
    'invoices.write',
  ),
  'recurring.deleteTemplate': r(
    'DELETE',
    `${V1}/recurring-invoices/templates/{templateId}`,
    'invoices',
    'user',
    true,
    'invoices.write',
  ),
  'recurring.generateNow': r(
    'POST',
    `${V1}/recurring-invoices/templates/{templateId}/generate`,
    'invoices',
    'user',
    true,
    'invoices.write',
  ),
  'recurring.listGenerations': r(
    'GET',
    `${V1}/recurring-invoices/generations`,
    'invoices',
    'user',
    true,
    'invoices.read',
  ),
  'recurring.listScheduled': r(
    'GET',
    `${V1}/recurring-invoices/scheduled`,
    'invoices',
    'user',
    true,
    'invoices.read',
  ),
  'recurring.stats': r('GET', `${V1}/recurring-invoices/stats`, 'invoices', 'user', true, 'invoices.read'),
  'recurring.getSettings': r(
    'GET',
    `${V1}/recurring-invoices/settings`,
    'invoices',
    'user',
    true,
    'invoices.read',
  ),
  'recurring.updateSettings': r(
    'PUT',
    `${V1}/recurring-invoices/settings`,
    'invoices',
    'user',
    true,
    'invoices.write',
  ),

  // --- expenses: suppliers and expense categories (spec part 1 §7, part 2 §2) ---
  'suppliers.list': r('GET', `${V1}/suppliers`, 'expenses', 'user', true, 'invoices.read'),
  'suppliers.search': r('GET', `${V1}/suppliers/search`, 'expenses', 'user', true, 'invoices.read'),
  'suppliers.byTaxId': r(
    'GET',
    `${V1}/suppliers/by-tax-id/{taxId}`,
    'expenses',
    'user',
    true,
    'invoices.read',
  ),
  'suppliers.create': r('POST', `${V1}/suppliers`, 'expenses', 'user', true, 'invoices.write'),
  'suppliers.get': r('GET', `${V1}/suppliers/{supplierId}`, 'expenses', 'user', true, 'invoices.read'),
  'suppliers.update': r('PUT', `${V1}/suppliers/{supplierId}`, 'expenses', 'user', true, 'invoices.write'),
  'suppliers.delete': r('DELETE', `${V1}/suppliers/{supplierId}`, 'expenses', 'user', true, 'invoices.write'),
  'expenseCategories.list': r('GET', `${V1}/expense-categories`, 'expenses', 'user', true, 'invoices.read'),
  'expenseCategories.create': r(
    'POST',
    `${V1}/expense-categories`,
    'expenses',
    'user',
    true,
    'invoices.write',
  ),
  'expenseCategories.reorder': r(
    'PUT',
    `${V1}/expense-categories/reorder`,
    'expenses',
    'user',
    true,
    'invoices.write',
  ),
  'expenseCategories.update': r(
    'PUT',
    `${V1}/expense-categories/{categoryId}`,
    'expenses',
    'user',
    true,
    'invoices.write',
  ),
  'expenseCategories.delete': r(
    'DELETE',
    `${V1}/expense-categories/{categoryId}`,
    'expenses',
    'user',
    true,
    'invoices.write',
  ),
  'expenseCategories.duplicate': r(
    'POST',
    `${V1}/expense-categories/{categoryId}/duplicate`,
    'expenses',
    'user',
    true,
    'invoices.write',
  ),
  'expenseCategories.counts': r(
    'GET',
    `${V1}/expense-categories/counts`,
    'expenses',
    'user',
    true,
    'invoices.read',
  ),

  // --- expenses: received invoices and expense totals (spec part 2 §3, §7) ---
  'receivedInvoices.list': r('GET', `${V1}/received-invoices`, 'expenses', 'user', true, 'invoices.read'),
  'receivedInvoices.listByCompany': r(
    'GET',
    `${V1}/companies/{companyId}/received-invoices`,
    'expenses',
    'user',
    true,
    'invoices.read',
  ),
  'receivedInvoices.create': idempotent(
    r('POST', `${V1}/received-invoices`, 'expenses', 'user', true, 'invoices.write'),
  ),
  'receivedInvoices.get': r(
    'GET',
    `${V1}/received-invoices/{receivedInvoiceId}`,
    'expenses',
    'user',
    true,
    'invoices.read',
  ),
  'receivedInvoices.update': r(
    'PUT',
    `${V1}/received-invoices/{receivedInvoiceId}`,
    'expenses',
    'user',
    true,
    'invoices.write',
  ),
  'receivedInvoices.delete': r(
    'DELETE',
    `${V1}/received-invoices/{receivedInvoiceId}`,
    'expenses',
    'user',
    true,
    'invoices.write',
  ),
  // Issue 16: what was paid of a received invoice (the RECC pagos of the SII; later the treasury's).
  'receivedInvoices.listPayments': r(
    'GET',
    `${V1}/received-invoices/{receivedInvoiceId}/payments`,
    'expenses',
    'user',
    true,
    'invoices.read',
  ),
  'receivedInvoices.addPayment': idempotent(
    r(
      'POST',
      `${V1}/received-invoices/{receivedInvoiceId}/payments`,
      'expenses',
      'user',
      true,
      'invoices.write',
    ),
  ),
  'receivedInvoices.deletePayment': r(
    'DELETE',
    `${V1}/received-invoices/{receivedInvoiceId}/payments/{paymentId}`,
    'expenses',
    'user',
    true,
    'invoices.write',
  ),
  'receivedInvoices.setApproval': r(
    'PUT',
    `${V1}/received-invoices/{receivedInvoiceId}/approval-status`,
    'expenses',
    'user',
    true,
    'invoices.write',
  ),
  'receivedInvoices.assignCategory': r(
    'PUT',
    `${V1}/received-invoices/{receivedInvoiceId}/expense-category`,
    'expenses',
    'user',
    true,
    'invoices.write',
  ),
  // The expense category learned per supplier (issue 17 item 3): what this supplier's invoices were last assigned.
  'receivedInvoices.suggestCategory': r(
    'GET',
    `${V1}/received-invoices/suggest-category`,
    'expenses',
    'user',
    true,
    'invoices.read',
  ),
  'expenses.totals': r('GET', `${V1}/expenses/totals`, 'expenses', 'user', true, 'invoices.read'),
  'expenses.byCategory': r('GET', `${V1}/expenses/by-category`, 'expenses', 'user', true, 'invoices.read'),
  // --- VeriFacTu (issue 5; spec part 1 §7 verifactu-config and certificates, part 2 §3/§7 VeriFacTu) ---
  'verifactu.getConfig': r(
    'GET',
    `${V1}/companies/{companyId}/verifactu-config`,
    'verifactu',
    'user',
    true,
    'tax.read',
  ),
  'verifactu.createConfig': r(
    'POST',
    `${V1}/companies/{companyId}/verifactu-config`,
    'verifactu',
    'user',
    true,
    'tax.write',
  ),
  'verifactu.updateConfig': r(
    'PUT',
    `${V1}/companies/{companyId}/verifactu-config`,
    'verifactu',
    'user',
    true,
    'tax.write',
  ),
  'verifactu.testConnection': r(
    'POST',
    `${V1}/companies/{companyId}/verifactu-config/test-connection`,
    'verifactu',
    'user',
    true,
    'tax.write',
  ),
  'certificates.list': r(
    'GET',
    `${V1}/companies/{companyId}/certificates`,
    'verifactu',
    'user',
    true,
    'tax.read',
  ),
  'certificates.upload': r(
    'POST',
    `${V1}/companies/{companyId}/certificates`,
    'verifactu',
    'user',
    true,
    'tax.write',
  ),
  'certificates.delete': r(
    'DELETE',
    `${V1}/companies/{companyId}/certificates/{certificateId}`,
    'verifactu',
    'user',
    true,
    'tax.write',
  ),
  'certificates.usage': r(
    'GET',
    `${V1}/companies/{companyId}/certificates/{certificateId}/usage`,
    'verifactu',
    'user',
    true,
    'tax.read',
  ),
  'verifactu.listSubmissions': r('GET', `${V1}/verifactu/submissions`, 'verifactu', 'user', true, 'tax.read'),
  'verifactu.exportSubmissions': r(
    'GET',
    `${V1}/verifactu/submissions/export`,
    'verifactu',
    'user',
    true,
    'tax.read',
  ),
  'verifactu.bulkSubmit': r(
    'POST',
    `${V1}/verifactu/submissions/bulk-submit`,
    'verifactu',
    'user',
    true,
    'tax.write',
  ),
  'verifactu.getSubmission': r(
    'GET',
    `${V1}/verifactu/submissions/{submissionId}`,
    'verifactu',
    'user',
    true,
    'tax.read',
  ),
  'verifactu.submissionExchange': r(
    'GET',
    `${V1}/verifactu/submissions/{submissionId}/exchange`,
    'verifactu',
    'user',
    true,
    'tax.read',
  ),
  'verifactu.cancelSubmission': r(
    'POST',
    `${V1}/verifactu/submissions/{submissionId}/cancel`,
    'verifactu',
    'user',
    true,
    'tax.write',
  ),
  'verifactu.resubmit': r(
    'POST',
    `${V1}/verifactu/submissions/{submissionId}/resubmit`,
    'verifactu',
    'user',
    true,
    'tax.write',
  ),
  'verifactu.dashboard': r(
    'GET',
    `${V1}/verifactu/dashboard/{companyId}`,
    'verifactu',
    'user',
    true,
    'tax.read',
  ),
  'verifactu.usage': r('GET', `${V1}/verifactu/usage/{companyId}`, 'verifactu', 'user', true, 'tax.read'),
  'verifactu.invoiceStatus': r(
    'GET',
    `${V1}/verifactu/invoices/{invoiceId}/status`,
    'verifactu',
    'user',
    true,
    'tax.read',
  ),
  'verifactu.invoiceQr': r(
    'GET',
    `${V1}/verifactu/invoices/{invoiceId}/qr`,
    'verifactu',
    'user',
    true,
    'tax.read',
  ),
  'verifactu.downloadQr': r(
    'GET',
    `${V1}/verifactu/invoices/{invoiceId}/qr/download`,
    'verifactu',
    'user',
    true,
    'tax.read',
  ),
  'verifactu.invoiceRecord': r(
    'GET',
    `${V1}/verifactu/invoices/{invoiceId}/record`,
    'verifactu',
    'user',
    true,
    'tax.read',
  ),
  'verifactu.submitInvoice': r(
    'POST',
    `${V1}/verifactu/invoices/{invoiceId}/submit`,
    'verifactu',
    'user',
    true,
    'tax.write',
  ),
  'verifactu.chainVerification': r(
    'GET',
    `${V1}/verifactu/chain/verification`,
    'verifactu',
    'user',
    true,
    'tax.read',
  ),
  // --- SII (issue 16; spec part 2 §3 SII, §7 SII submissions; part 3 SII widget, §9 SII). The company
  // comes from `{companyId}` or the `x-company-id` header. ---
  'sii.getConfig': r('GET', `${V1}/companies/{companyId}/sii-config`, 'sii', 'user', true, 'tax.read'),
  'sii.updateConfig': r('PUT', `${V1}/companies/{companyId}/sii-config`, 'sii', 'user', true, 'tax.write'),
  'sii.testConnection': r(
    'POST',
    `${V1}/companies/{companyId}/sii-config/test-connection`,
    'sii',
    'user',
    true,
    'tax.write',
  ),
  'sii.listSubmissions': r('GET', `${V1}/sii/submissions`, 'sii', 'user', true, 'tax.read'),
  'sii.getSubmission': r('GET', `${V1}/sii/submissions/{submissionId}`, 'sii', 'user', true, 'tax.read'),
  'sii.submissionDetails': r(
    'GET',
    `${V1}/sii/submissions/{submissionId}/details`,
    'sii',
    'user',
    true,
    'tax.read',
  ),
  'sii.submitInvoice': r('POST', `${V1}/sii/submit`, 'sii', 'user', true, 'tax.write'),
  'sii.bulkSubmit': r('POST', `${V1}/sii/submit/bulk`, 'sii', 'user', true, 'tax.write'),
  'sii.statistics': r('GET', `${V1}/sii/statistics`, 'sii', 'user', true, 'tax.read'),
  'sii.byBook': r('GET', `${V1}/sii/books/{book}`, 'sii', 'user', true, 'tax.read'),
  'sii.queryBook': r('POST', `${V1}/sii/books/{book}/query`, 'sii', 'user', true, 'tax.write'),
  'sii.getEntry': r('GET', `${V1}/sii/entries/{book}/{documentId}`, 'sii', 'user', true, 'tax.read'),
  'sii.retryEntry': r(
    'POST',
    `${V1}/sii/entries/{book}/{documentId}/retry`,
    'sii',
    'user',
    true,
    'tax.write',
  ),
  'sii.invoiceStatus': r('GET', `${V1}/sii/invoices/{invoiceId}`, 'sii', 'user', true, 'tax.read'),
  'sii.sync': r('POST', `${V1}/tax/sii/sync/{year}`, 'sii', 'user', true, 'tax.write'),
  // --- Accounting (issue 18; spec part 2 §2, §3, §4, §5, §7, §9 "Accounting"). The company comes from
  // the `x-company-id` header; every row but `accounting.access` also needs the Professional plan
  // (the action checks the plan that covers the company: 403 ACC_PLAN_REQUIRED). ---
  'accounting.access': r('GET', `${V1}/accounting/access`, 'accounting', 'user', true, 'accounting.read'),
  'accounting.initializeChart': r(
    'POST',
    `${V1}/accounting/chart/initialize`,
    'accounting',
    'user',
    true,
    'accounting.write',
  ),
  'accounting.categories': r(
    'GET',
    `${V1}/accounting/categories`,
    'accounting',
    'user',
    true,
    'accounting.read',
  ),
  'accounting.listAccounts': r(
    'GET',
    `${V1}/accounting/accounts`,
    'accounting',
    'user',
    true,
    'accounting.read',
  ),
  'accounting.accountStats': r(
    'GET',
    `${V1}/accounting/accounts/stats`,
    'accounting',
    'user',
    true,
    'accounting.read',
  ),
  'accounting.generateCode': r(
    'POST',
    `${V1}/accounting/accounts/generate-code`,
    'accounting',
    'user',
    true,
    'accounting.write',
  ),
  'accounting.getAccount': r(
    'GET',
    `${V1}/accounting/accounts/{accountId}`,
    'accounting',
    'user',
    true,
    'accounting.read',
  ),
  'accounting.createAccount': r(
    'POST',
    `${V1}/accounting/accounts`,
    'accounting',
    'user',
    true,
    'accounting.write',
  ),
  'accounting.updateAccount': r(
    'PUT',
    `${V1}/accounting/accounts/{accountId}`,
    'accounting',
    'user',
    true,
    'accounting.write',
  ),
  'accounting.deleteAccount': r(
    'DELETE',
    `${V1}/accounting/accounts/{accountId}`,
    'accounting',
    'user',
    true,
    'accounting.write',
  ),
  'accounting.getSettings': r(
    'GET',
    `${V1}/accounting/settings`,
    'accounting',
    'user',
    true,
    'accounting.read',
  ),
  'accounting.updateSettings': r(
    'PUT',
    `${V1}/accounting/settings`,
    'accounting',
    'user',
    true,
    'accounting.write',
  ),
  'accounting.listEntries': r(
    'GET',
    `${V1}/accounting/entries`,
    'accounting',
    'user',
    true,
    'accounting.read',
  ),
  'accounting.getEntry': r(
    'GET',
    `${V1}/accounting/entries/{entryId}`,
    'accounting',
    'user',
    true,
    'accounting.read',
  ),
  // Spec part 2 §5: 'No hay empresa seleccionada' when no company is selected; §7: sent with companyId.
  'accounting.createEntry': companyInBody(
    idempotent(r('POST', `${V1}/accounting/entries`, 'accounting', 'user', true, 'accounting.write')),
    'No hay empresa seleccionada',
  ),
  'accounting.updateEntry': r(
    'PUT',
    `${V1}/accounting/entries/{entryId}`,
    'accounting',
    'user',
    true,
    'accounting.write',
  ),
  'accounting.deleteEntry': r(
    'DELETE',
    `${V1}/accounting/entries/{entryId}`,
    'accounting',
    'user',
    true,
    'accounting.write',
  ),
  'accounting.lockEntry': r(
    'POST',
    `${V1}/accounting/entries/{entryId}/lock`,
    'accounting',
    'user',
    true,
    'accounting.write',
  ),
  'accounting.unlockEntry': r(
    'POST',
    `${V1}/accounting/entries/{entryId}/unlock`,
    'accounting',
    'user',
    true,
    'accounting.manage',
  ),
  'accounting.fiscalYear': r(
    'GET',
    `${V1}/accounting/fiscal-years/{year}`,
    'accounting',
    'user',
    true,
    'accounting.read',
  ),
  'accounting.closePeriod': r(
    'POST',
    `${V1}/accounting/periods/{period}/close`,
    'accounting',
    'user',
    true,
    'accounting.manage',
  ),
  'accounting.reopenPeriod': r(
    'POST',
    `${V1}/accounting/periods/{period}/reopen`,
    'accounting',
    'user',
    true,
    'accounting.manage',
  ),
  'accounting.closeYear': r(
    'POST',
    `${V1}/accounting/fiscal-years/{year}/close`,
    'accounting',
    'user',
    true,
    'accounting.manage',
  ),
  'accounting.reopenYear': r(
    'POST',
    `${V1}/accounting/fiscal-years/{year}/reopen`,
    'accounting',
    'user',
    true,
    'accounting.manage',
  ),
  'accounting.balanceSheet': r(
    'GET',
    `${V1}/accounting/balance-sheet`,
    'accounting',
    'user',
    true,
    'accounting.read',
  ),
  'accounting.incomeStatement': r(
    'GET',
    `${V1}/accounting/income-statement`,
    'accounting',
    'user',
    true,
    'accounting.read',
  ),
  'accounting.trialBalance': r(
    'GET',
    `${V1}/accounting/trial-balance`,
    'accounting',
    'user',
    true,
    'accounting.read',
  ),
  'accounting.ledger': r(
    'GET',
    `${V1}/accounting/ledger/{accountId}`,
    'accounting',
    'user',
    true,
    'accounting.read',
  ),
  'accounting.balanceDates': r(
    'GET',
    `${V1}/accounting/balance-dates`,
    'accounting',
    'user',
    true,
    'accounting.read',
  ),
  'accounting.validateBalance': r(
    'GET',
    `${V1}/accounting/validate-balance`,
    'accounting',
    'user',
    true,
    'accounting.read',
  ),
  'accounting.financialReport': r(
    'GET',
    `${V1}/accounting/financial-report`,
    'accounting',
    'user',
    true,
    'accounting.read',
  ),
  'accounting.exportEntries': r(
    'POST',
    `${V1}/accounting/export/entries`,
    'accounting',
    'user',
    true,
    'accounting.read',
  ),
  'accounting.exportBalanceSheet': r(
    'POST',
    `${V1}/accounting/export/balance-sheet`,
    'accounting',
    'user',
    true,
    'accounting.read',
  ),
  'accounting.exportIncomeStatement': r(
    'POST',
    `${V1}/accounting/export/income-statement`,
    'accounting',
    'user',
    true,
    'accounting.read',
  ),
  'accounting.clientSummary': r(
    'GET',
    `${V1}/accounting/my-accounting`,
    'accounting',
    'user',
    true,
    'accounting.read',
  ),
  // --- documents, OCR and the smart inbox (issue 17; spec part 2 Document service, part 3 §7 Smart
  // inbox, Client portal document calls, advisor reviews, document categories). One domain: what the
  // inbox receives becomes documents, read by the same pipeline. ---
  'documents.upload': idempotent(
    r('POST', `${V1}/documents/upload`, 'documents', 'user', true, 'documents.upload'),
  ),
  'documents.presign': r('POST', `${V1}/documents/upload-url`, 'documents', 'user', true, 'documents.upload'),
  'documents.batchUpload': idempotent(
    r('POST', `${V1}/documents/batch-upload`, 'documents', 'user', true, 'documents.upload'),
  ),
  'documents.list': r('GET', `${V1}/documents`, 'documents', 'user', true, 'documents.read'),
  'documents.listByCompany': r(
    'GET',
    `${V1}/companies/{companyId}/documents`,
    'documents',
    'user',
    true,
    'documents.read',
  ),
  'documents.get': r('GET', `${V1}/documents/{documentId}`, 'documents', 'user', true, 'documents.read'),
  'documents.status': r(
    'GET',
    `${V1}/documents/status/{uploadId}`,
    'documents',
    'user',
    true,
    'documents.read',
  ),
  'documents.statusBatch': r(
    'POST',
    `${V1}/documents/status/batch`,
    'documents',
    'user',
    true,
    'documents.read',
  ),
  'documents.view': r(
    'GET',
    `${V1}/documents/{documentId}/view`,
    'documents',
    'user',
    true,
    'documents.read',
  ),
  'documents.download': r(
    'GET',
    `${V1}/documents/{documentId}/download`,
    'documents',
    'user',
    true,
    'documents.read',
  ),
  'documents.reprocess': r(
    'POST',
    `${V1}/documents/{documentId}/reprocess`,
    'documents',
    'user',
    true,
    'documents.upload',
  ),
  'documents.cancel': r(
    'POST',
    `${V1}/documents/{documentId}/cancel`,
    'documents',
    'user',
    true,
    'documents.upload',
  ),
  'documents.delete': r(
    'DELETE',
    `${V1}/documents/{documentId}`,
    'documents',
    'user',
    true,
    'documents.upload',
  ),
  'documents.ocrStatistics': r(
    'GET',
    `${V1}/documents/ocr-statistics`,
    'documents',
    'user',
    true,
    'documents.read',
  ),
  // Document alerts (spec part 3 'Document alert', §7 'Document alerts (limit default 10; the widget asks for 5)').
  'documents.alerts': r('GET', `${V1}/documents/alerts`, 'documents', 'user', true, 'documents.read'),
  'documents.aiMetrics': r(
    'GET',
    `${V1}/documents/ai-metrics`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  'documents.updateCategory': r(
    'PUT',
    `${V1}/documents/{documentId}/category`,
    'documents',
    'user',
    true,
    'documents.upload',
  ),
  // Client portal uploads (spec part 3 §7 'Uploads': list, details, statistics, limits, reprocess, category).
  'clientDocuments.upload': idempotent(
    r('POST', `${V1}/client/documents/upload`, 'documents', 'user', true, 'documents.upload'),
  ),
  'clientDocuments.list': r('GET', `${V1}/client/documents`, 'documents', 'user', true, 'documents.upload'),
  'clientDocuments.get': r(
    'GET',
    `${V1}/client/documents/{documentId}`,
    'documents',
    'user',
    true,
    'documents.upload',
  ),
  'clientDocuments.statistics': r(
    'GET',
    `${V1}/client/documents/statistics`,
    'documents',
    'user',
    true,
    'documents.upload',
  ),
  'clientDocuments.limits': r(
    'GET',
    `${V1}/client/documents/limits`,
    'documents',
    'user',
    true,
    'documents.upload',
  ),
  'clientDocuments.reprocess': r(
    'POST',
    `${V1}/client/documents/{documentId}/reprocess`,
    'documents',
    'user',
    true,
    'documents.upload',
  ),
  'clientDocuments.updateCategory': r(
    'PUT',
    `${V1}/client/documents/{documentId}/category`,
    'documents',
    'user',
    true,
    'documents.upload',
  ),
  // Advisor reviews.
  'documentReviews.pending': r(
    'GET',
    `${V1}/document-reviews/pending`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  'documentReviews.urgent': r(
    'GET',
    `${V1}/document-reviews/urgent`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  'documentReviews.statistics': r(
    'GET',
    `${V1}/document-reviews/statistics`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  'documentReviews.approve': r(
    'POST',
    `${V1}/document-reviews/{documentId}/approve`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  'documentReviews.reject': r(
    'POST',
    `${V1}/document-reviews/{documentId}/reject`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  'documentReviews.setCategory': r(
    'PUT',
    `${V1}/document-reviews/{documentId}/category`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  'documentReviews.setConfidential': r(
    'PUT',
    `${V1}/document-reviews/{documentId}/confidential`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  'documentReviews.reprocess': r(
    'POST',
    `${V1}/document-reviews/{documentId}/reprocess`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  // Document categories.
  'documentCategories.list': r(
    'GET',
    `${V1}/document-categories`,
    'documents',
    'user',
    true,
    'documents.read',
  ),
  'documentCategories.create': r(
    'POST',
    `${V1}/document-categories`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  'documentCategories.search': r(
    'GET',
    `${V1}/document-categories/search`,
    'documents',
    'user',
    true,
    'documents.read',
  ),
  'documentCategories.stats': r(
    'GET',
    `${V1}/document-categories/stats`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  'documentCategories.suggestions': r(
    'GET',
    `${V1}/document-categories/suggestions`,
    'documents',
    'user',
    true,
    'documents.read',
  ),
  'documentCategories.classify': r(
    'POST',
    `${V1}/document-categories/classify`,
    'documents',
    'user',
    true,
    'documents.read',
  ),
  'documentCategories.importDefaults': r(
    'POST',
    `${V1}/document-categories/import-defaults`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  'documentCategories.export': r(
    'GET',
    `${V1}/document-categories/export`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  'documentCategories.import': r(
    'POST',
    `${V1}/document-categories/import`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  'documentCategories.optimize': r(
    'POST',
    `${V1}/document-categories/optimize`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  'documentCategories.recommendations': r(
    'GET',
    `${V1}/document-categories/recommendations`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  'documentCategories.get': r(
    'GET',
    `${V1}/document-categories/{categoryId}`,
    'documents',
    'user',
    true,
    'documents.read',
  ),
  'documentCategories.update': r(
    'PUT',
    `${V1}/document-categories/{categoryId}`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  'documentCategories.delete': r(
    'DELETE',
    `${V1}/document-categories/{categoryId}`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  'documentCategories.setStatus': r(
    'PATCH',
    `${V1}/document-categories/{categoryId}/status`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  // The smart inbox (staff only: spec part 1 §6).
  'inbox.emails': r('GET', `${V1}/smart-inbox/emails`, 'documents', 'user', true, 'documents.review'),
  'inbox.email': r(
    'GET',
    `${V1}/smart-inbox/emails/{inboxId}`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  'inbox.reprocessEmail': r(
    'POST',
    `${V1}/smart-inbox/emails/{inboxId}/reprocess`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  'inbox.ignoreEmail': r(
    'POST',
    `${V1}/smart-inbox/emails/{inboxId}/ignore`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  'inbox.invoices': r('GET', `${V1}/smart-inbox/invoices`, 'documents', 'user', true, 'documents.review'),
  'inbox.reviewList': r(
    'GET',
    `${V1}/smart-inbox/invoices/review`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  'inbox.invoiceStatistics': r(
    'GET',
    `${V1}/smart-inbox/invoices/statistics`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  'inbox.exportInvoices': r(
    'POST',
    `${V1}/smart-inbox/invoices/export`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  'inbox.approve': r(
    'POST',
    `${V1}/smart-inbox/invoices/{processedInvoiceId}/approve`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  'inbox.reject': r(
    'POST',
    `${V1}/smart-inbox/invoices/{processedInvoiceId}/reject`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  'inbox.createInvoice': r(
    'POST',
    `${V1}/smart-inbox/invoices/{processedInvoiceId}/create-invoice`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  'inbox.statistics': r('GET', `${V1}/smart-inbox/statistics`, 'documents', 'user', true, 'documents.review'),
  'inbox.dailyStatistics': r(
    'GET',
    `${V1}/smart-inbox/statistics/daily`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  'inbox.getConfig': r(
    'GET',
    `${V1}/smart-inbox/configuration`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  'inbox.updateConfig': r(
    'PUT',
    `${V1}/smart-inbox/configuration`,
    'documents',
    'user',
    true,
    'documents.manage',
  ),
  'inbox.status': r('GET', `${V1}/smart-inbox/status`, 'documents', 'user', true, 'documents.review'),
  'inbox.testImap': r('POST', `${V1}/smart-inbox/imap/test`, 'documents', 'user', true, 'documents.manage'),
  'inbox.configureImap': r(
    'POST',
    `${V1}/smart-inbox/imap/configure`,
    'documents',
    'user',
    true,
    'documents.manage',
  ),
  'inbox.process': r('POST', `${V1}/smart-inbox/process`, 'documents', 'user', true, 'documents.review'),
  'inbox.accuracy': r('GET', `${V1}/smart-inbox/accuracy`, 'documents', 'user', true, 'documents.review'),
  'inbox.widget': r('GET', `${V1}/smart-inbox/widget`, 'documents', 'user', true, 'documents.review'),
  // The platform's reading metrics (spec part 3 §7: AI-usage metrics under /admin/gemini-metrics) and the
  // admin's view of every company's inbox.
  'aiMetrics.global': r('GET', `${V1}/admin/gemini-metrics/global`, 'documents', 'user', false, ['ADMIN']),
  'aiMetrics.company': r(
    'GET',
    `${V1}/admin/gemini-metrics/company/{targetCompanyId}`,
    'documents',
    'user',
    false,
    ['ADMIN'],
  ),
  'aiMetrics.topCompanies': r('GET', `${V1}/admin/gemini-metrics/top-companies`, 'documents', 'user', false, [
    'ADMIN',
  ]),
  'aiMetrics.costs': r('GET', `${V1}/admin/gemini-metrics/costs`, 'documents', 'user', false, ['ADMIN']),
  'aiMetrics.alerts': r('GET', `${V1}/admin/gemini-metrics/alerts`, 'documents', 'user', false, ['ADMIN']),
  'aiMetrics.precision': r('GET', `${V1}/admin/gemini-metrics/precision`, 'documents', 'user', false, [
    'ADMIN',
  ]),
  'aiMetrics.cache': r('GET', `${V1}/admin/gemini-metrics/cache`, 'documents', 'user', false, ['ADMIN']),
  'aiMetrics.getLimits': r(
    'GET',
    `${V1}/admin/gemini-metrics/company/{targetCompanyId}/limits`,
    'documents',
    'user',
    false,
    ['ADMIN'],
  ),
  'aiMetrics.setLimit': r(
    'POST',
    `${V1}/admin/gemini-metrics/company/{targetCompanyId}/limits/{type}`,
    'documents',
    'user',
    false,
    ['ADMIN'],
  ),
  'adminInbox.overview': r('GET', `${V1}/admin/smart-inbox/overview`, 'documents', 'user', false, ['ADMIN']),
  // --- tax: profile, calendar, obligations, alerts, analysis (issue 13; spec part 1 §7 tax-profile,
  // part 2 §3/§7 Tax service). Global obligation calls act on every company the caller may read. ---
  'taxProfile.get': r('GET', `${V1}/companies/{companyId}/tax-profile`, 'tax', 'user', true, 'tax.read'),
  'taxProfile.create': r('POST', `${V1}/companies/{companyId}/tax-profile`, 'tax', 'user', true, 'tax.write'),
  'taxProfile.update': r('PUT', `${V1}/companies/{companyId}/tax-profile`, 'tax', 'user', true, 'tax.write'),
  'taxAssistant.status': r(
    'GET',
    `${V1}/companies/{companyId}/tax-profile/assistant/status`,
    'tax',
    'user',
    true,
    'tax.read',
  ),
  'taxAssistant.analyze': r(
    'POST',
    `${V1}/companies/{companyId}/tax-profile/assistant/analyze`,
    'tax',
    'user',
    true,
    'tax.write',
  ),
  'taxAssistant.validate': r(
    'POST',
    `${V1}/companies/{companyId}/tax-profile/assistant/validate`,
    'tax',
    'user',
    true,
    'tax.write',
  ),
  'taxAssistant.configure': r(
    'POST',
    `${V1}/companies/{companyId}/tax-profile/assistant/configure`,
    'tax',
    'user',
    true,
    'tax.write',
  ),
  'taxAssistant.apply': r(
    'POST',
    `${V1}/companies/{companyId}/tax-profile/assistant/apply`,
    'tax',
    'user',
    true,
    'tax.write',
  ),
  'taxAssistant.reset': r(
    'POST',
    `${V1}/companies/{companyId}/tax-profile/assistant/reset`,
    'tax',
    'user',
    true,
    'tax.write',
  ),
  'taxConfig.get': r('GET', `${V1}/tax/companies/{companyId}/configuration`, 'tax', 'user', true, 'tax.read'),
  'taxConfig.create': r(
    'POST',
    `${V1}/tax/companies/{companyId}/configuration`,
    'tax',
    'user',
    true,
    'tax.write',
  ),
  'taxConfig.update': r(
    'PUT',
    `${V1}/tax/companies/{companyId}/configuration`,
    'tax',
    'user',
    true,
    'tax.write',
  ),
  'taxCalendar.get': r('GET', `${V1}/tax/companies/{companyId}/calendar`, 'tax', 'user', true, 'tax.read'),
  'taxCalendar.generate': r(
    'POST',
    `${V1}/tax/companies/{companyId}/calendar/generate`,
    'tax',
    'user',
    true,
    'tax.write',
  ),
  'taxCalendar.smart': r(
    'GET',
    `${V1}/tax/companies/{companyId}/smart-calendar`,
    'tax',
    'user',
    true,
    'tax.read',
  ),
  'taxObligations.pending': r(
    'GET',
    `${V1}/tax/companies/{companyId}/obligations/pending`,
    'tax',
    'user',
    true,
    'tax.read',
  ),
  'taxObligations.updateStatus': r(
    'PUT',
    `${V1}/tax/companies/{companyId}/obligations/{obligationId}/status`,
    'tax',
    'user',
    true,
    'tax.write',
  ),
  'taxObligations.upcoming': r('GET', `${V1}/tax/obligations/upcoming`, 'tax', 'user', false),
  'taxObligations.overdue': r('GET', `${V1}/tax/obligations/overdue`, 'tax', 'user', false),
  'taxObligations.summary': r('GET', `${V1}/tax/obligations/summary`, 'tax', 'user', false),
  'taxPortfolio.list': r('GET', `${V1}/tax/portfolio/obligations`, 'tax', 'user', false, ['GESTOR']),
  'taxPortfolio.export': r('GET', `${V1}/tax/portfolio/obligations/export`, 'tax', 'user', false, ['GESTOR']),
  'taxAlerts.list': r('GET', `${V1}/tax/companies/{companyId}/alerts`, 'tax', 'user', true, 'tax.read'),
  'taxAlerts.statistics': r(
    'GET',
    `${V1}/tax/companies/{companyId}/alerts/statistics`,
    'tax',
    'user',
    true,
    'tax.read',
  ),
  'taxAlerts.critical': r(
    'GET',
    `${V1}/tax/companies/{companyId}/alerts/critical`,
    'tax',
    'user',
    true,
    'tax.read',
  ),
  'taxAlerts.generate': r(
    'POST',
    `${V1}/tax/companies/{companyId}/alerts/generate`,
    'tax',
    'user',
    true,
    'tax.write',
  ),
  'taxAlerts.acknowledge': r(
    'PUT',
    `${V1}/tax/companies/{companyId}/alerts/{alertId}/acknowledge`,
    'tax',
    'user',
    true,
    'tax.write',
  ),
  'taxAlerts.resolve': r(
    'PUT',
    `${V1}/tax/companies/{companyId}/alerts/{alertId}/resolve`,
    'tax',
    'user',
    true,
    'tax.write',
  ),
  'taxThresholds.alerts': r(
    'GET',
    `${V1}/tax/companies/{companyId}/threshold-alerts`,
    'tax',
    'user',
    true,
    'tax.read',
  ),
  'taxNotifications.upcoming': r(
    'GET',
    `${V1}/tax/companies/{companyId}/notifications/upcoming`,
    'tax',
    'user',
    true,
    'tax.read',
  ),
  'taxNotifications.overdue': r(
    'GET',
    `${V1}/tax/companies/{companyId}/notifications/overdue`,
    'tax',
    'user',
    true,
    'tax.read',
  ),
  'taxNotifications.getConfig': r(
    'GET',
    `${V1}/tax/companies/{companyId}/notifications/config`,
    'tax',
    'user',
    true,
    'tax.read',
  ),
  'taxNotifications.updateConfig': r(
    'PUT',
    `${V1}/tax/companies/{companyId}/notifications/config`,
    'tax',
    'user',
    true,
    'tax.write',
  ),
  'taxNotifications.stats': r(
    'GET',
    `${V1}/tax/companies/{companyId}/notifications/stats`,
    'tax',
    'user',
    true,
    'tax.read',
  ),
  'taxNotifications.summary': r(
    'GET',
    `${V1}/tax/companies/{companyId}/notifications/summary`,
    'tax',
    'user',
    true,
    'tax.read',
  ),
  'taxNotifications.history': r(
    'GET',
    `${V1}/tax/companies/{companyId}/notifications/history`,
    'tax',
    'user',
    true,
    'tax.read',
  ),
  'taxAnalysis.get': r(
    'GET',
    `${V1}/tax/companies/{companyId}/fiscal-analysis`,
    'tax',
    'user',
    true,
    'tax.read',
  ),

  // --- tax models: the VAT models 303, 390, 349, 347 (issue 14) and the income-tax ones (issue 15) ---
  'taxModels.list': r('GET', `${V1}/tax/companies/{companyId}/models`, 'taxmodels', 'user', true, 'tax.read'),
  'taxModels.pendingConfirmation': r(
    'GET',
    `${V1}/tax/companies/{companyId}/models/pending-confirmation`,
    'taxmodels',
    'user',
    true,
    'tax.read',
  ),
  'taxModels.batchGenerate': r(
    'POST',
    `${V1}/tax/companies/{companyId}/models/batch-generate`,
    'taxmodels',
    'user',
    true,
    'tax.write',
  ),
  'taxModels.crossValidation': r(
    'POST',
    `${V1}/tax/companies/{companyId}/models/cross-validation`,
    'taxmodels',
    'user',
    true,
    'tax.read',
  ),
  'taxModels.exportFormats': r(
    'GET',
    `${V1}/tax/companies/{companyId}/models/export-formats`,
    'taxmodels',
    'user',
    true,
    'tax.read',
  ),
  'taxModels.preview': r(
    'GET',
    `${V1}/tax/companies/{companyId}/models/{modelType}/preview`,
    'taxmodels',
    'user',
    true,
    'tax.read',
  ),
  'taxModels.boxSources': r(
    'GET',
    `${V1}/tax/companies/{companyId}/models/{modelType}/preview/sources`,
    'taxmodels',
    'user',
    true,
    'tax.read',
  ),
  'taxModels.prefill': r(
    'GET',
    `${V1}/tax/companies/{companyId}/models/{modelType}/prefill`,
    'taxmodels',
    'user',
    true,
    'tax.read',
  ),
  'taxModels.validateData': r(
    'GET',
    `${V1}/tax/companies/{companyId}/models/{modelType}/validate-data`,
    'taxmodels',
    'user',
    true,
    'tax.read',
  ),
  'taxModels.generate': r(
    'POST',
    `${V1}/tax/companies/{companyId}/models/{modelType}/generate`,
    'taxmodels',
    'user',
    true,
    'tax.write',
  ),
  'taxModels.export': r(
    'POST',
    `${V1}/tax/companies/{companyId}/models/{modelType}/export`,
    'taxmodels',
    'user',
    true,
    'tax.read',
  ),
  // A model's returns by year and quarter, metrics and statistics (issue 15; spec part 2 §7: 115, 123, 131).
  'taxModels.byYear': r(
    'GET',
    `${V1}/tax/companies/{companyId}/models/{modelType}/years/{year}`,
    'taxmodels',
    'user',
    true,
    'tax.read',
  ),
  'taxModels.byQuarter': r(
    'GET',
    `${V1}/tax/companies/{companyId}/models/{modelType}/years/{year}/quarters/{quarter}`,
    'taxmodels',
    'user',
    true,
    'tax.read',
  ),
  'taxModels.metrics': r(
    'GET',
    `${V1}/tax/companies/{companyId}/models/{modelType}/metrics`,
    'taxmodels',
    'user',
    true,
    'tax.read',
  ),
  'taxModels.statistics': r(
    'GET',
    `${V1}/tax/companies/{companyId}/models/{modelType}/statistics`,
    'taxmodels',
    'user',
    true,
    'tax.read',
  ),
  // The 131's activities (spec part 2 §7: "Model 131 … activities"): what its returns of the year declare.
  'taxModels.activities': r(
    'GET',
    `${V1}/tax/companies/{companyId}/models/{modelType}/activities`,
    'taxmodels',
    'user',
    true,
    'tax.read',
  ),
  'taxModels.get': r(
    'GET',
    `${V1}/tax/companies/{companyId}/models/{modelType}/{modelId}`,
    'taxmodels',
    'user',
    true,
    'tax.read',
  ),
  'taxModels.update': r(
    'PUT',
    `${V1}/tax/companies/{companyId}/models/{modelType}/{modelId}`,
    'taxmodels',
    'user',
    true,
    'tax.write',
  ),
  'taxModels.validate': r(
    'POST',
    `${V1}/tax/companies/{companyId}/models/{modelType}/{modelId}/validate`,
    'taxmodels',
    'user',
    true,
    'tax.read',
  ),
  'taxModels.updateStatus': r(
    'PUT',
    `${V1}/tax/companies/{companyId}/models/{modelType}/{modelId}/status`,
    'taxmodels',
    'user',
    true,
    'tax.write',
  ),
  'taxModels.approve': r(
    'POST',
    `${V1}/tax/companies/{companyId}/models/{modelType}/{modelId}/approve`,
    'taxmodels',
    'user',
    true,
    'tax.write',
  ),
  'taxModels.publish': r(
    'POST',
    `${V1}/tax/companies/{companyId}/models/{modelType}/{modelId}/publish`,
    'taxmodels',
    'user',
    true,
    'tax.write',
  ),
  'taxModels.submit': r(
    'POST',
    `${V1}/tax/companies/{companyId}/models/{modelType}/{modelId}/submit`,
    'taxmodels',
    'user',
    true,
    'tax.write',
  ),
  'taxModels.threshold347': r(
    'GET',
    `${V1}/tax/companies/{companyId}/threshold-347-status`,
    'taxmodels',
    'user',
    true,
    'tax.read',
  ),
  'taxModels.compliance': r(
    'GET',
    `${V1}/tax/companies/{companyId}/compliance-status`,
    'taxmodels',
    'user',
    true,
    'tax.read',
  ),
  'taxModels.analyzePeriod': r(
    'POST',
    `${V1}/tax/companies/{companyId}/analyze-period`,
    'taxmodels',
    'user',
    true,
    'tax.read',
  ),
  'taxModels.invoiceTaxCalculation': r(
    'POST',
    `${V1}/tax/companies/{companyId}/calculations/invoice`,
    'taxmodels',
    'user',
    true,
    'tax.read',
  ),
  'taxModels.comprehensiveCalculation': r(
    'POST',
    `${V1}/tax/companies/{companyId}/calculations/comprehensive`,
    'taxmodels',
    'user',
    true,
    'tax.read',
  ),
  'taxModels.classifyInvoice': r(
    'POST',
    `${V1}/tax/companies/{companyId}/calculations/classify`,
    'taxmodels',
    'user',
    true,
    'tax.read',
  ),
  'taxModels.published': r(
    'GET',
    `${V1}/tax/companies/{companyId}/published-models`,
    'taxmodels',
    'user',
    true,
    'tax.read',
  ),
  'taxModels.publishedFile': r(
    'GET',
    `${V1}/tax/companies/{companyId}/published-models/{modelId}/file`,
    'taxmodels',
    'user',
    true,
    'tax.read',
  ),
  'taxSubmissions.list': r(
    'GET',
    `${V1}/tax/companies/{companyId}/submissions`,
    'taxmodels',
    'user',
    true,
    'tax.read',
  ),
  'taxSubmissions.statistics': r(
    'GET',
    `${V1}/tax/companies/{companyId}/submissions/statistics`,
    'taxmodels',
    'user',
    true,
    'tax.read',
  ),
  'taxSubmissions.get': r(
    'GET',
    `${V1}/tax/companies/{companyId}/submissions/{submissionId}`,
    'taxmodels',
    'user',
    true,
    'tax.read',
  ),
  'taxSubmissions.file': r(
    'GET',
    `${V1}/tax/companies/{companyId}/submissions/{submissionId}/file`,
    'taxmodels',
    'user',
    true,
    'tax.read',
  ),
  'taxSubmissions.retry': r(
    'POST',
    `${V1}/tax/companies/{companyId}/submissions/{submissionId}/retry`,
    'taxmodels',
    'user',
    true,
    'tax.write',
  ),
  'taxAuthorizations.list': r(
    'GET',
    `${V1}/tax/companies/{companyId}/authorizations`,
    'taxmodels',
    'user',
    true,
    'tax.read',
  ),
  'taxAuthorizations.active': r(
    'GET',
    `${V1}/tax/companies/{companyId}/authorizations/active`,
    'taxmodels',
    'user',
    true,
    'tax.read',
  ),
  'taxAuthorizations.create': r(
    'POST',
    `${V1}/tax/companies/{companyId}/authorizations`,
    'taxmodels',
    'user',
    true,
    'tax.write',
  ),
  'taxAuthorizations.renew': r(
    'PUT',
    `${V1}/tax/companies/{companyId}/authorizations/{authorizationId}/renew`,
    'taxmodels',
    'user',
    true,
    'tax.write',
  ),
  'taxAuthorizations.revoke': r(
    'PUT',
    `${V1}/tax/companies/{companyId}/authorizations/{authorizationId}/revoke`,
    'taxmodels',
    'user',
    true,
    'tax.write',
  ),
  'taxCertificate.validate': r(
    'POST',
    `${V1}/tax/companies/{companyId}/certificate/validate`,
    'taxmodels',
    'user',
    true,
    'tax.write',
  ),
  // The PDF summary of a stored model is rendered where pdf-lib lives.
  'taxModels.pdf': r(
    'GET',
    `${V1}/tax/companies/{companyId}/models/{modelType}/{modelId}/pdf`,
    'pdf',
    'user',
    true,
    'tax.read',
  ),
  // Issue 15 item 4: the annual returns Cuadra does not file itself (100, 200, 036, 369, 720), as checklists.
  'taxAnnualReturns.list': r(
    'GET',
    `${V1}/tax/companies/{companyId}/annual-returns`,
    'taxmodels',
    'user',
    true,
    'tax.read',
  ),
  'taxAnnualReturns.get': r(
    'GET',
    `${V1}/tax/companies/{companyId}/annual-returns/{modelType}`,
    'taxmodels',
    'user',
    true,
    'tax.read',
  ),
  'taxAnnualReturns.pdf': r(
    'GET',
    `${V1}/tax/companies/{companyId}/annual-returns/{modelType}/pdf`,
    'pdf',
    'user',
    true,
    'tax.read',
  ),
  'taxSubmissions.recent': r('GET', `${V1}/tax/submissions/recent`, 'taxmodels', 'user', false, ['GESTOR']),
  'taxGestoria.history': r('GET', `${V1}/tax/gestoria/submissions`, 'taxmodels', 'user', false, ['GESTOR']),
  'taxGestoria.statistics': r('GET', `${V1}/tax/gestoria/statistics`, 'taxmodels', 'user', false, ['GESTOR']),
  'taxCockpit.get': r('GET', `${V1}/tax/cockpit`, 'taxmodels', 'user', false, ['GESTOR']),
  'taxCockpit.compute': r('POST', `${V1}/tax/cockpit/compute`, 'taxmodels', 'user', false, ['GESTOR']),
  'taxCockpit.approve': r('POST', `${V1}/tax/cockpit/approve`, 'taxmodels', 'user', false, ['GESTOR']),
  'taxCockpit.export': r('POST', `${V1}/tax/cockpit/export`, 'taxmodels', 'user', false, ['GESTOR']),
  'taxCockpit.submit': r('POST', `${V1}/tax/cockpit/submit`, 'taxmodels', 'user', false, ['GESTOR']),
  'taxCockpit.publish': r('POST', `${V1}/tax/cockpit/publish`, 'taxmodels', 'user', false, ['GESTOR']),
  // --- Banking and treasury (issue 19; spec part 1 routes psd2, bank-accounts, banking/*; part 2 §2,
  // §4, §7 'Treasury' and 'Bank reconciliation'). One domain, `banking`; the company comes from the
  // `x-company-id` header. Staff only: the client menu has no banking. ---
  'banking.overview': r('GET', `${V1}/banking/overview`, 'banking', 'user', true, 'banking.read'),
  'banking.listAccounts': r('GET', `${V1}/banking/accounts`, 'banking', 'user', true, 'banking.read'),
  'banking.createAccount': idempotent(
    r('POST', `${V1}/banking/accounts`, 'banking', 'user', true, 'banking.write'),
  ),
  'banking.getAccount': r(
    'GET',
    `${V1}/banking/accounts/{accountId}`,
    'banking',
    'user',
    true,
    'banking.read',
  ),
  'banking.updateAccount': r(
    'PUT',
    `${V1}/banking/accounts/{accountId}`,
    'banking',
    'user',
    true,
    'banking.write',
  ),
  'banking.deleteAccount': r(
    'DELETE',
    `${V1}/banking/accounts/{accountId}`,
    'banking',
    'user',
    true,
    'banking.manage',
  ),
  'banking.validateIban': r('GET', `${V1}/banking/iban/{iban}`, 'banking', 'user', true, 'banking.read'),
  'banking.importN43': idempotent(
    r('POST', `${V1}/banking/imports/n43`, 'banking', 'user', true, 'banking.write'),
  ),
  'banking.listImports': r('GET', `${V1}/banking/imports`, 'banking', 'user', true, 'banking.read'),
  'banking.listMovements': r('GET', `${V1}/banking/movements`, 'banking', 'user', true, 'banking.read'),
  'banking.getMovement': r(
    'GET',
    `${V1}/banking/accounts/{accountId}/movements/{movementId}`,
    'banking',
    'user',
    true,
    'banking.read',
  ),
  'banking.psd2Institutions': r(
    'GET',
    `${V1}/banking/psd2/institutions`,
    'banking',
    'user',
    true,
    'banking.read',
  ),
  'banking.psd2Connections': r(
    'GET',
    `${V1}/banking/psd2/connections`,
    'banking',
    'user',
    true,
    'banking.read',
  ),
  'banking.psd2Connect': idempotent(
    r('POST', `${V1}/banking/psd2/connections`, 'banking', 'user', true, 'banking.manage'),
  ),
  'banking.psd2Complete': r(
    'POST',
    `${V1}/banking/psd2/connections/{connectionId}/complete`,
    'banking',
    'user',
    true,
    'banking.manage',
  ),
  'banking.psd2Sync': r(
    'POST',
    `${V1}/banking/psd2/connections/{connectionId}/sync`,
    'banking',
    'user',
    true,
    'banking.write',
  ),
  'banking.psd2Renew': r(
    'POST',
    `${V1}/banking/psd2/connections/{connectionId}/renew`,
    'banking',
    'user',
    true,
    'banking.manage',
  ),
  'banking.psd2Revoke': r(
    'DELETE',
    `${V1}/banking/psd2/connections/{connectionId}`,
    'banking',
    'user',
    true,
    'banking.manage',
  ),
  'banking.securityOverview': r('GET', `${V1}/banking/security`, 'banking', 'user', true, 'banking.read'),
  'banking.securityPolicies': r(
    'GET',
    `${V1}/banking/security/policies`,
    'banking',
    'user',
    true,
    'banking.read',
  ),
  'banking.securityRecommendations': r(
    'GET',
    `${V1}/banking/security/recommendations`,
    'banking',
    'user',
    true,
    'banking.read',
  ),
  'banking.securityMetrics': r(
    'GET',
    `${V1}/banking/security/metrics`,
    'banking',
    'user',
    true,
    'banking.read',
  ),
  'banking.complianceReport': r(
    'GET',
    `${V1}/banking/security/compliance-report`,
    'banking',
    'user',
    true,
    'banking.read',
  ),
  'banking.reconciliationSummary': r(
    'GET',
    `${V1}/banking/reconciliation/summary`,
    'banking',
    'user',
    true,
    'banking.read',
  ),
  'banking.listSessions': r(
    'GET',
    `${V1}/banking/reconciliation/sessions`,
    'banking',
    'user',
    true,
    'banking.read',
  ),
  'banking.startSession': idempotent(
    r('POST', `${V1}/banking/reconciliation/sessions`, 'banking', 'user', true, 'banking.write'),
  ),
  'banking.getSession': r(
    'GET',
    `${V1}/banking/reconciliation/sessions/{sessionId}`,
    'banking',
    'user',
    true,
    'banking.read',
  ),
  'banking.sessionOpenItems': r(
    'GET',
    `${V1}/banking/reconciliation/sessions/{sessionId}/open-items`,
    'banking',
    'user',
    true,
    'banking.read',
  ),
  'banking.acceptProposals': r(
    'POST',
    `${V1}/banking/reconciliation/sessions/{sessionId}/accept`,
    'banking',
    'user',
    true,
    'banking.write',
  ),
  'banking.createMatch': r(
    'POST',
    `${V1}/banking/reconciliation/sessions/{sessionId}/matches`,
    'banking',
    'user',
    true,
    'banking.write',
  ),
  'banking.deleteMatch': r(
    'DELETE',
    `${V1}/banking/reconciliation/sessions/{sessionId}/matches/{matchId}`,
    'banking',
    'user',
    true,
    'banking.write',
  ),
  'banking.completeSession': r(
    'POST',
    `${V1}/banking/reconciliation/sessions/{sessionId}/complete`,
    'banking',
    'user',
    true,
    'banking.write',
  ),
  'banking.approveSession': r(
    'POST',
    `${V1}/banking/reconciliation/sessions/{sessionId}/approve`,
    'banking',
    'user',
    true,
    'banking.manage',
  ),
  'banking.cancelSession': r(
    'POST',
    `${V1}/banking/reconciliation/sessions/{sessionId}/cancel`,
    'banking',
    'user',
    true,
    'banking.write',
  ),
  'banking.listRules': r(
    'GET',
    `${V1}/banking/reconciliation/rules`,
    'banking',
    'user',
    true,
    'banking.read',
  ),
  'banking.createRule': r(
    'POST',
    `${V1}/banking/reconciliation/rules`,
    'banking',
    'user',
    true,
    'banking.write',
  ),
  'banking.deleteRule': r(
    'DELETE',
    `${V1}/banking/reconciliation/rules/{ruleId}`,
    'banking',
    'user',
    true,
    'banking.write',
  ),
  'banking.getSettings': r('GET', `${V1}/banking/settings`, 'banking', 'user', true, 'banking.read'),
  'banking.updateSettings': r('PUT', `${V1}/banking/settings`, 'banking', 'user', true, 'banking.manage'),
  'banking.listMandates': r('GET', `${V1}/banking/mandates`, 'banking', 'user', true, 'banking.read'),
  'banking.createMandate': r('POST', `${V1}/banking/mandates`, 'banking', 'user', true, 'banking.write'),
  'banking.revokeMandate': r(
    'DELETE',
    `${V1}/banking/mandates/{mandateId}`,
    'banking',
    'user',
    true,
    'banking.write',
  ),
  'banking.paymentCandidates': r(
    'GET',
    `${V1}/banking/payment-candidates`,
    'banking',
    'user',
    true,
    'banking.read',
  ),
  'banking.listPaymentOrders': r(
    'GET',
    `${V1}/banking/payment-orders`,
    'banking',
    'user',
    true,
    'banking.read',
  ),
  'banking.createPaymentOrder': idempotent(
    r('POST', `${V1}/banking/payment-orders`, 'banking', 'user', true, 'banking.manage'),
  ),
  'banking.getPaymentOrder': r(
    'GET',
    `${V1}/banking/payment-orders/{orderId}`,
    'banking',
    'user',
    true,
    'banking.read',
  ),
  'banking.paymentOrderFile': r(
    'GET',
    `${V1}/banking/payment-orders/{orderId}/file`,
    'banking',
    'user',
    true,
    'banking.read',
  ),
  'treasury.dashboard': r('GET', `${V1}/treasury/dashboard`, 'banking', 'user', true, 'banking.read'),
  'treasury.dueDates': r('GET', `${V1}/treasury/due-dates`, 'banking', 'user', true, 'banking.read'),
  'treasury.overdue': r('GET', `${V1}/treasury/overdue`, 'banking', 'user', true, 'banking.read'),
  'treasury.calendar': r('GET', `${V1}/treasury/calendar`, 'banking', 'user', true, 'banking.read'),
  'treasury.liquidity': r('GET', `${V1}/treasury/liquidity`, 'banking', 'user', true, 'banking.read'),
  'treasury.clientDelay': r('GET', `${V1}/treasury/client-delay`, 'banking', 'user', true, 'banking.read'),
  'treasury.collectionMetrics': r(
    'GET',
    `${V1}/treasury/collection-metrics`,
    'banking',
    'user',
    true,
    'banking.read',
  ),
  'treasury.listNotes': r('GET', `${V1}/treasury/follow-up-notes`, 'banking', 'user', true, 'banking.read'),
  'treasury.createNote': r(
    'POST',
    `${V1}/treasury/follow-up-notes`,
    'banking',
    'user',
    true,
    'banking.write',
  ),
  'treasury.dueToday': r('GET', `${V1}/treasury/due-today`, 'banking', 'user', true, 'banking.read'),
  'treasury.dueThisWeek': r('GET', `${V1}/treasury/due-this-week`, 'banking', 'user', true, 'banking.read'),
  'treasury.getSettings': r('GET', `${V1}/treasury/settings`, 'banking', 'user', true, 'banking.read'),
  'treasury.updateSettings': r('PUT', `${V1}/treasury/settings`, 'banking', 'user', true, 'banking.manage'),
  'treasury.sendReminder': r('POST', `${V1}/treasury/reminders`, 'banking', 'user', true, 'banking.write'),

  // --- dashboards (issue 20, spec part 3 §2, §3, §7) ---
  // The company dashboard (autonomous 'Mi Empresa', single company, consolidated): sections the caller's
  // policies allow (tax.read, invoices.read), each computed from aggregates, never from scans.
  'dashboard.summary': r('GET', `${V1}/dashboard/summary`, 'dashboard', 'user', true, 'member'),
  // The advisor's consolidated view over every company the gestor manages.
  'dashboard.advisorSummary': r('GET', `${V1}/dashboard/advisor/summary`, 'dashboard', 'user', false, [
    'GESTOR',
  ]),
  'dashboard.advisorCompanies': r('GET', `${V1}/dashboard/advisor/companies`, 'dashboard', 'user', false, [
    'GESTOR',
  ]),
  // The platform administrator's dashboard: stat cards with change percentages, recent activity.
  'admin.stats': r('GET', `${V1}/admin/stats`, 'dashboard', 'user', false, ['ADMIN']),
  'admin.recentActivities': r('GET', `${V1}/admin/activities`, 'dashboard', 'user', false, ['ADMIN']),
  // The client portal's dashboard and its advisor card (spec part 3 §3 Client dashboard data).
  'client.dashboard': r('GET', `${V1}/client/dashboard`, 'dashboard', 'user', true, 'member'),
  'client.advisor': r('GET', `${V1}/client/advisor`, 'dashboard', 'user', true, 'member'),

  // --- meetings and appointment alerts (issue 20; issue 21 adds the portal around them) ---
  'meetings.list': r('GET', `${V1}/meetings`, 'portal', 'user', true, 'member'),
  'meetings.request': idempotent(r('POST', `${V1}/meetings`, 'portal', 'user', true, 'member')),
  'meetings.get': r('GET', `${V1}/meetings/{meetingId}`, 'portal', 'user', true, 'member'),
  'meetings.confirm': r('POST', `${V1}/meetings/{meetingId}/confirm`, 'portal', 'user', true, 'manage'),
  'meetings.propose': r('POST', `${V1}/meetings/{meetingId}/propose`, 'portal', 'user', true, 'manage'),
  'meetings.accept': r('POST', `${V1}/meetings/{meetingId}/accept`, 'portal', 'user', true, 'member'),
  'meetings.cancel': r('POST', `${V1}/meetings/{meetingId}/cancel`, 'portal', 'user', true, 'member'),
  'meetings.complete': r('POST', `${V1}/meetings/{meetingId}/complete`, 'portal', 'user', true, 'manage'),
  'meetings.noShow': r('POST', `${V1}/meetings/{meetingId}/no-show`, 'portal', 'user', true, 'manage'),
  'appointments.alerts': r('GET', `${V1}/appointments/alerts`, 'portal', 'user', true, 'member'),
  'appointments.stats': r('GET', `${V1}/appointments/stats`, 'portal', 'user', true, 'member'),
  'appointments.history': r('GET', `${V1}/appointments/history`, 'portal', 'user', true, 'member'),
  'appointments.upcoming': r('GET', `${V1}/appointments/upcoming`, 'portal', 'user', true, 'member'),
  'appointments.today': r('GET', `${V1}/appointments/today`, 'portal', 'user', true, 'member'),
  'appointments.setReminder': r('POST', `${V1}/appointments/reminders`, 'portal', 'user', true, 'member'),

  // --- client portal (issue 21; spec part 3 §3 'Client portal', §7 'Client portal and document sharing') ---
  // Messaging: one conversation per client member of a company with the company's staff (portal).
  'messages.conversations': r('GET', `${V1}/messages/conversations`, 'portal', 'user', true, 'member'),
  'messages.startConversation': idempotent(
    r('POST', `${V1}/messages/conversations`, 'portal', 'user', true, 'member'),
  ),
  'messages.list': r(
    'GET',
    `${V1}/messages/conversations/{conversationId}/messages`,
    'portal',
    'user',
    true,
    'member',
  ),
  'messages.send': idempotent(
    r('POST', `${V1}/messages/conversations/{conversationId}/messages`, 'portal', 'user', true, 'member'),
  ),
  'messages.markRead': r(
    'POST',
    `${V1}/messages/conversations/{conversationId}/read`,
    'portal',
    'user',
    true,
    'member',
  ),
  'messages.quick': idempotent(r('POST', `${V1}/messages/quick`, 'portal', 'user', true, 'member')),
  'messages.notifyUpload': idempotent(
    r('POST', `${V1}/messages/notify-upload`, 'portal', 'user', true, 'documents.upload'),
  ),
  'messages.unreadCount': r('GET', `${V1}/messages/unread-count`, 'portal', 'user', true, 'member'),
  // Document sharing from the gestoría (documents: the files live there) and the client's side of it.
  'sharedDocuments.share': idempotent(
    r(
      'POST',
      `${V1}/companies/{companyId}/documents/{documentId}/shares`,
      'documents',
      'user',
      true,
      'documents.review',
    ),
  ),
  'sharedDocuments.listByDocument': r(
    'GET',
    `${V1}/companies/{companyId}/documents/{documentId}/shares`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  'sharedDocuments.listByCompany': r(
    'GET',
    `${V1}/companies/{companyId}/documents/shares`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  'sharedDocuments.revoke': r(
    'DELETE',
    `${V1}/companies/{companyId}/documents/shares/{shareId}`,
    'documents',
    'user',
    true,
    'documents.review',
  ),
  'clientShared.list': r('GET', `${V1}/client/shared-documents`, 'documents', 'user', true, 'member'),
  'clientShared.approve': r(
    'POST',
    `${V1}/client/shared-documents/{shareId}/approve`,
    'documents',
    'user',
    true,
    'member',
  ),
  'clientShared.view': r(
    'GET',
    `${V1}/client/shared-documents/{shareId}/view`,
    'documents',
    'user',
    true,
    'member',
  ),
  'clientShared.download': r(
    'GET',
    `${V1}/client/shared-documents/{shareId}/download`,
    'documents',
    'user',
    true,
    'member',
  ),
  // Document-request campaigns: a gestor asks its client companies for a period's paperwork (portal).
  'campaigns.list': r('GET', `${V1}/document-campaigns`, 'portal', 'user', false, ['GESTOR']),
  'campaigns.create': r('POST', `${V1}/document-campaigns`, 'portal', 'user', false, ['GESTOR']),
  'campaigns.suggestions': r('GET', `${V1}/document-campaigns/suggestions`, 'portal', 'user', false, [
    'GESTOR',
  ]),
  'campaigns.get': r('GET', `${V1}/document-campaigns/{campaignId}`, 'portal', 'user', false, ['GESTOR']),
  'campaigns.send': r('POST', `${V1}/document-campaigns/{campaignId}/send`, 'portal', 'user', false, [
    'GESTOR',
  ]),
  'campaigns.remind': r('POST', `${V1}/document-campaigns/{campaignId}/remind`, 'portal', 'user', false, [
    'GESTOR',
  ]),
  'campaigns.close': r('POST', `${V1}/document-campaigns/{campaignId}/close`, 'portal', 'user', false, [
    'GESTOR',
  ]),
  'campaigns.setItem': r(
    'POST',
    `${V1}/document-campaigns/{campaignId}/companies/{targetCompanyId}/items/{itemId}`,
    'portal',
    'user',
    false,
    ['GESTOR'],
  ),
  // The client's own card (spec part 3 §7 'GET and PUT client profile') and its company's people (my-users).
  'clientProfile.get': r('GET', `${V1}/client/profile`, 'companies', 'user', true, 'member'),
  'clientProfile.update': r('PUT', `${V1}/client/profile`, 'companies', 'user', true, 'member'),
  'clientUsers.list': r('GET', `${V1}/client/users`, 'companies', 'user', true, 'member'),
  'clientRequests.list': r('GET', `${V1}/client/document-requests`, 'portal', 'user', true, 'member'),
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
