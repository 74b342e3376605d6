/**
 * The pages under /app as data (spec part 1 §2): each with its path (relative to /app), its lazy
 * module and its access rules. Pages of later issues are listed without a module: their access
 * rules apply already (a gestor opening an admin page sees 'Acceso Restringido'), then the
 * not-found page. The router builds its /app routes from this list; the menus show an entry only
 * when `isRegisteredPage` says its page exists.
 */
import { type Capability, isAvailable } from '@shared/capabilities';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { matchPath, matchRoutes } from 'react-router-dom';
import { type AccessContext, evaluateAccess, type RouteAccess } from './guards/access';

export interface AppPage extends RouteAccess {
  /** Relative to /app, react-router syntax (`companies/:companyId`, `payroll/*`). */
  path: string;
  /** The page; absent while a later issue has not built it. */
  page?: LazyExoticComponent<ComponentType>;
}

const ADMIN = ['ADMIN'] as const;
const GESTOR = ['GESTOR'] as const;
const STAFF = ['ADMIN', 'GESTOR'] as const;

/** The VeriFacTu pages are reached through one small lazy module (see routes/app/verifactu/pages.ts). */
const verifactuPages = () => import('./routes/app/verifactu/pages');
/** The tax pages likewise (see routes/app/tax/pages.tsx). */
const taxPages = () => import('./routes/app/tax/pages');
/** The AEAT models pages likewise (see routes/app/tax-models/pages.tsx). */
const taxModelsPages = () => import('./routes/app/tax-models/pages');
/** The batch cockpit, validation centre and client's tax documents likewise (routes/app/tax-cockpit/). */
const taxCockpitPages = () => import('./routes/app/tax-cockpit/pages');
/** The SII pages likewise (routes/app/sii/pages.tsx). */
const siiPages = () => import('./routes/app/sii/pages');
/** The documents and smart-inbox pages likewise (routes/app/documents/, routes/app/smart-inbox/). */
const documentsPages = () => import('./routes/app/documents/pages');
const smartInboxPages = () => import('./routes/app/smart-inbox/pages');

/** The accounting pages likewise (routes/app/accounting/pages.tsx). */
const accountingPagesModule = () => import('./routes/app/accounting/pages');

/** The banking and treasury pages likewise (routes/app/banking/pages.tsx). */
const bankingPagesModule = () => import('./routes/app/banking/pages');

type BankingPageName = keyof Awaited<ReturnType<typeof bankingPagesModule>>;
type DocumentsPageName = keyof Awaited<ReturnType<typeof documentsPages>>;
type AccountingPageName = keyof Awaited<ReturnType<typeof accountingPagesModule>>;
type SmartInboxPageName = keyof Awaited<ReturnType<typeof smartInboxPages>>;

/**
 * The documents, OCR and smart-inbox pages (issue 17), each with the area it belongs to
 * (shared/capabilities.ts): while the area is not available the path keeps its access rules but
 * has no page, so neither the router nor the menus offer it; flipping `ocr` or `smartInbox` shows
 * them. `on` is the availability (tests pass their own).
 */
export function issue17Pages(on: (capability: Capability) => boolean = isAvailable): AppPage[] {
  const doc = (name: DocumentsPageName) => lazy(() => documentsPages().then((m) => ({ default: m[name] })));
  const inbox = (name: SmartInboxPageName) =>
    lazy(() => smartInboxPages().then((m) => ({ default: m[name] })));
  const rows: (AppPage & { needs: Capability; component: () => LazyExoticComponent<ComponentType> })[] = [
    // Staff see every document of the company; a CLIENTE with UPLOAD_DOCUMENTS what it uploaded (spec part 1 §6).
    {
      path: 'documents',
      permission: 'UPLOAD_DOCUMENTS',
      needs: 'ocr',
      component: () => doc('DocumentsRoute'),
    },
    {
      path: 'documents/upload',
      permission: 'UPLOAD_DOCUMENTS',
      needs: 'ocr',
      component: () => doc('DocumentsUploadRoute'),
    },
    {
      path: 'documents/ai-metrics',
      permission: 'UPLOAD_DOCUMENTS',
      needs: 'ocr',
      component: () => doc('DocumentsAiMetricsRoute'),
    },
    {
      path: 'companies/:companyId/documents',
      permission: 'UPLOAD_DOCUMENTS',
      needs: 'ocr',
      component: () => doc('CompanyDocumentsRoute'),
    },
    {
      path: 'document-categories',
      permission: 'UPLOAD_DOCUMENTS',
      needs: 'ocr',
      component: () => doc('DocumentCategoriesRoute'),
    },
    {
      path: 'companies/:companyId/document-categories',
      permission: 'UPLOAD_DOCUMENTS',
      needs: 'ocr',
      component: () => doc('DocumentCategoriesRoute'),
    },
    // GESTOR only (spec part 1 §2; ADMIN passes every role gate).
    { path: 'document-reviews', roles: GESTOR, needs: 'ocr', component: () => doc('DocumentReviewsRoute') },
    {
      path: 'admin/smart-inbox/ai-metrics',
      roles: ADMIN,
      needs: 'ocr',
      component: () => doc('AdminAiMetricsRoute'),
    },
    // The client portal's uploads, and the documents its gestoría shares (every client: the page shows
    // its uploads only with UPLOAD_DOCUMENTS).
    {
      path: 'document-upload',
      permission: 'UPLOAD_DOCUMENTS',
      needs: 'ocr',
      component: () => doc('ClientDocumentUploadRoute'),
    },
    {
      path: 'my-documents',
      needs: 'ocr',
      component: () => doc('MyDocumentsRoute'),
    },
    // The smart inbox: ADMIN or GESTOR (spec part 1 §2).
    { path: 'smart-inbox', roles: STAFF, needs: 'smartInbox', component: () => inbox('SmartInboxRoute') },
    {
      path: 'smart-inbox/advanced',
      roles: STAFF,
      needs: 'smartInbox',
      component: () => inbox('SmartInboxAdvancedRoute'),
    },
    {
      path: 'admin/smart-inbox',
      roles: ADMIN,
      needs: 'smartInbox',
      component: () => inbox('AdminSmartInboxRoute'),
    },
  ];
  return rows.map(({ needs, component, ...page }) => (on(needs) ? { ...page, page: component() } : page));
}

/**
 * The accounting pages (issue 18): the Professional plan (the 'Funcionalidad Premium' page without
 * it, spec part 2 §2) and, for a CLIENTE, VIEW_ACCOUNTING_DATA. They follow the `accounting` area
 * of shared/capabilities.ts like the issue 17 pages: while it is off the paths keep their access
 * rules without a page (and `accounting/*` below covers any other path). `on` is the availability (tests pass their own).
 */
export function accountingPages(on: (capability: Capability) => boolean = isAvailable): AppPage[] {
  const page = (name: AccountingPageName) =>
    lazy(() => accountingPagesModule().then((m) => ({ default: m[name] })));
  const rows: (AppPage & { name: AccountingPageName })[] = [
    ...(
      [
        ['accounting/chart', 'AccountingChartRoute'],
        ['accounting/journal', 'AccountingJournalRoute'],
        ['accounting/entries/create', 'AccountingEntryCreateRoute'],
        ['accounting/entries/:entryId/edit', 'AccountingEntryEditRoute'],
        ['accounting/balance', 'AccountingBalanceRoute'],
        ['accounting/income-statement', 'AccountingIncomeStatementRoute'],
        ['accounting/ledger', 'AccountingLedgerRoute'],
        ['accounting/ledger/:accountId', 'AccountingLedgerRoute'],
        ['accounting/trial-balance', 'AccountingTrialBalanceRoute'],
        ['accounting/closing', 'AccountingClosingRoute'],
        ['accounting/financial-report', 'AccountingFinancialReportRoute'],
        ['accounting/settings', 'AccountingSettingsRoute'],
      ] as const
    ).map(([path, name]) => ({
      path,
      permission: 'VIEW_ACCOUNTING_DATA' as const,
      plan: 'accounting' as const,
      name,
    })),
    // The client portal's read-only books: the plan is its gestoría's, checked by the server.
    { path: 'my-accounting', permission: 'VIEW_ACCOUNTING_DATA', name: 'MyAccountingRoute' },
  ];
  return rows.map(({ name, ...row }) => (on('accounting') ? { ...row, page: page(name) } : row));
}

/**
 * The banking and treasury pages (issue 19; spec part 1 §2 'Banking' and 'Other': psd2, bank-accounts).
 * Company staff work here (the API's `banking.*` policies refuse a CLIENTE member); they follow the
 * `banking` area of shared/capabilities.ts like the accounting pages. `on` is the availability.
 */
export function bankingPages(on: (capability: Capability) => boolean = isAvailable): AppPage[] {
  const page = (name: BankingPageName) =>
    lazy(() => bankingPagesModule().then((m) => ({ default: m[name] })));
  const rows: (AppPage & { name: BankingPageName })[] = (
    [
      ['banking', 'BankingHomeRoute'],
      ['banking/accounts', 'BankAccountsRoute'],
      ['bank-accounts', 'BankAccountsRoute'],
      ['banking/accounts/psd2', 'Psd2Route'],
      ['psd2', 'Psd2Route'],
      ['banking/accounts/:accountId', 'BankAccountDetailRoute'],
      ['banking/reconciliation', 'ReconciliationRoute'],
      ['banking/reconciliation/sessions/:sessionId', 'ReconciliationSessionRoute'],
      ['banking/security', 'BankingSecurityRoute'],
      ['banking/security/policies', 'BankingSecurityPoliciesRoute'],
      ['banking/security/recommendations', 'BankingSecurityRecommendationsRoute'],
      ['banking/security/metrics', 'BankingSecurityMetricsRoute'],
      ['banking/security/compliance-report', 'BankingComplianceReportRoute'],
      ['banking/treasury', 'TreasuryRoute'],
      ['banking/treasury/calendar', 'TreasuryCalendarRoute'],
      ['banking/treasury/overdue', 'TreasuryOverdueRoute'],
      ['banking/treasury/reports', 'TreasuryReportsRoute'],
      ['banking/payments', 'BankPaymentsRoute'],
    ] as const
  ).map(([path, name]) => ({ path, name }));
  return rows.map(({ name, ...row }) => (on('banking') ? { ...row, page: page(name) } : row));
}

export const appPages: readonly AppPage[] = [
  // --- pages of this SPA ---
  { path: 'dashboard', page: lazy(() => import('./routes/app/dashboard')) },
  { path: 'dashboard/subscription', page: lazy(() => import('./routes/app/subscription')) },
  { path: 'profile', page: lazy(() => import('./routes/app/profile')) },
  { path: 'companies', page: lazy(() => import('./routes/app/companies/list')) },
  { path: 'companies/new', page: lazy(() => import('./routes/app/companies/create')) },
  { path: 'companies/:companyId', page: lazy(() => import('./routes/app/companies/detail')) },
  { path: 'companies/:companyId/edit', page: lazy(() => import('./routes/app/companies/edit')) },
  { path: 'companies/:companyId/users', page: lazy(() => import('./routes/app/companies/users')) },
  { path: 'users', page: lazy(() => import('./routes/app/users')) },
  { path: 'notifications', page: lazy(() => import('./routes/app/notifications')) },
  // Meetings between a client and its gestoría (issue 20): requested from the client dashboard, answered here.
  { path: 'meetings', page: lazy(() => import('./routes/app/meetings')) },
  { path: 'support', page: lazy(() => import('./routes/app/support')) },
  // Messages between a company's clients and its gestoría (issue 21): the client's conversation, the staff's inbox.
  { path: 'messages', roles: ['CLIENTE'], page: lazy(() => import('./routes/app/messages')) },
  { path: 'messaging', roles: STAFF, page: lazy(() => import('./routes/app/messaging')) },
  // The client portal's ficha and its company's people (issue 21 item 1; my-users: SL and SA, checked by the menu, the page and the API).
  { path: 'client-profile', page: lazy(() => import('./routes/app/client-profile')) },
  { path: 'my-users', page: lazy(() => import('./routes/app/my-users')) },
  // Document-request campaigns (issue 21): the gestor asks its clients for a period's paperwork.
  { path: 'document-campaigns', roles: GESTOR, page: lazy(() => import('./routes/app/document-campaigns')) },
  // The client portal: the company's confirmed invoices, read-only, with their PDF (issue 10 item 4).
  {
    path: 'my-invoices',
    permission: 'VIEW_INVOICES',
    page: lazy(() => import('./routes/app/my-invoices')),
  },

  // --- invoicing: income, invoice create/edit/detail/payments, bulk operations (issue 4) ---
  // (block owned by the invoicing-pages work; every entry carries permission VIEW_INVOICES)
  {
    path: 'invoices',
    permission: 'VIEW_INVOICES',
    page: lazy(() => import('./routes/app/invoicing/to-income')),
  },
  {
    path: 'admin/invoicing',
    permission: 'VIEW_INVOICES',
    page: lazy(() => import('./routes/app/invoicing/to-income')),
  },
  {
    path: 'admin/invoicing/income',
    permission: 'VIEW_INVOICES',
    page: lazy(() => import('./routes/app/invoicing/income')),
  },
  // Clientes (issue 10 item 6): list, search, create, edit, deactivate, the invoices of each.
  {
    path: 'admin/invoicing/customers',
    permission: 'VIEW_INVOICES',
    page: lazy(() => import('./routes/app/customers/list')),
  },
  {
    path: 'invoices/create',
    permission: 'VIEW_INVOICES',
    page: lazy(() => import('./routes/app/invoicing/create')),
  },
  {
    path: 'invoices/bulk-operations',
    permission: 'VIEW_INVOICES',
    page: lazy(() => import('./routes/app/invoicing/bulk-operations')),
  },
  {
    path: 'invoices/:invoiceId',
    permission: 'VIEW_INVOICES',
    page: lazy(() => import('./routes/app/invoicing/detail')),
  },
  {
    path: 'invoices/:invoiceId/edit',
    permission: 'VIEW_INVOICES',
    page: lazy(() => import('./routes/app/invoicing/edit')),
  },
  {
    path: 'invoices/:invoiceId/payments',
    permission: 'VIEW_INVOICES',
    page: lazy(() => import('./routes/app/invoicing/payments')),
  },

  // --- invoicing: expenses, suppliers, expense categories, recurring invoices (issue 4) ---
  // (block owned by the expenses-pages work; every entry carries permission VIEW_INVOICES)
  {
    path: 'admin/invoicing/expenses',
    permission: 'VIEW_INVOICES',
    page: lazy(() => import('./routes/app/expenses/expenses')),
  },
  // One received invoice: its data, SII state and payments (issue 16; the SII's problem links open it).
  {
    path: 'admin/invoicing/expenses/:receivedInvoiceId',
    permission: 'VIEW_INVOICES',
    page: lazy(() => import('./routes/app/expenses/received-invoice')),
  },
  {
    path: 'admin/invoicing/suppliers',
    permission: 'VIEW_INVOICES',
    page: lazy(() => import('./routes/app/expenses/suppliers')),
  },
  {
    path: 'companies/:companyId/expense-categories',
    permission: 'VIEW_INVOICES',
    page: lazy(() => import('./routes/app/expenses/categories')),
  },
  {
    path: 'configuration/expense-categories',
    permission: 'VIEW_INVOICES',
    page: lazy(() => import('./routes/app/expenses/categories')),
  },
  {
    path: 'invoices/recurring',
    permission: 'VIEW_INVOICES',
    page: lazy(() => import('./routes/app/recurring/index')),
  },
  {
    path: 'invoices/recurring/dashboard',
    permission: 'VIEW_INVOICES',
    page: lazy(() => import('./routes/app/recurring/dashboard')),
  },
  {
    path: 'invoices/recurring/templates',
    permission: 'VIEW_INVOICES',
    page: lazy(() => import('./routes/app/recurring/templates')),
  },

  // --- VeriFacTu (issue 5): CLIENTE needs VIEW_TAX_DOCUMENTS (spec part 1 §6) ---
  ...(['VerifactuRoute', 'VerifactuHistoryRoute', 'CompanyVerifactuRoute'] as const).map((name, i) => ({
    path: ['verifactu', 'verifactu/history', 'companies/:companyId/verifactu'][i] as string,
    permission: 'VIEW_TAX_DOCUMENTS' as const,
    page: lazy(() => verifactuPages().then((m) => ({ default: m[name] }))),
  })),

  // --- tax (issue 13): CLIENTE needs VIEW_TAX_DOCUMENTS (spec part 1 §6); buttons are gated by useCan ---
  ...(
    [
      ['tax/dashboard', 'TaxDashboardRoute'],
      ['tax/calendar', 'TaxCalendarRoute'],
      ['tax/configuration', 'TaxConfigurationRoute'],
      ['tax/fiscal-year-config', 'FiscalYearConfigRoute'],
    ] as const
  ).map(([path, name]) => ({
    path,
    permission: 'VIEW_TAX_DOCUMENTS' as const,
    page: lazy(() => taxPages().then((m) => ({ default: m[name] }))),
  })),
  // --- the AEAT models (issue 14): CLIENTE needs VIEW_TAX_DOCUMENTS; buttons are gated by useCan ---
  ...(
    [
      ['tax/models', 'TaxModelsRoute'],
      ['tax/models/generate', 'GenerateModelsRoute'],
      ['tax/models/:modelId/preview', 'ModelPreviewRoute'],
      ['tax/history', 'TaxHistoryRoute'],
      ['tax/pending-confirmation', 'PendingConfirmationRoute'],
      ['tax/threshold-statistics', 'ThresholdStatisticsRoute'],
      ['tax/annual-returns', 'AnnualReturnsRoute'],
    ] as const
  ).map(([path, name]) => ({
    path,
    permission: 'VIEW_TAX_DOCUMENTS' as const,
    page: lazy(() => taxModelsPages().then((m) => ({ default: m[name] }))),
  })),
  // --- SII (issue 16): CLIENTE needs VIEW_TAX_DOCUMENTS; buttons are gated by useCan ---
  ...(
    [
      ['tax/sii', 'SiiRoute'],
      ['tax/sii/:submissionId', 'SiiSubmissionRoute'],
      ['companies/:companyId/sii', 'CompanySiiRoute'],
    ] as const
  ).map(([path, name]) => ({
    path,
    permission: 'VIEW_TAX_DOCUMENTS' as const,
    page: lazy(() => siiPages().then((m) => ({ default: m[name] }))),
  })),
  // The selected company's models checked together (issue 14 item 7).
  {
    path: 'tax/validation-center',
    permission: 'VIEW_TAX_DOCUMENTS',
    page: lazy(() => taxCockpitPages().then((m) => ({ default: m.ValidationCenterRoute }))),
  },
  // One model and period across every client: the gestoría's batch cockpit (issue 14 item 5).
  {
    path: 'tax/cockpit',
    roles: GESTOR,
    page: lazy(() => taxCockpitPages().then((m) => ({ default: m.TaxCockpitRoute }))),
  },
  // Every client's obligations: the gestoría's work (issue 13 item 6).
  {
    path: 'tax/obligations',
    roles: STAFF,
    page: lazy(() => taxPages().then((m) => ({ default: m.ClientObligationsRoute }))),
  },
  // The client portal's tax documents: the models its gestoría published to it (issue 14 item 5).
  {
    path: 'my-tax-documents',
    permission: 'VIEW_TAX_DOCUMENTS',
    page: lazy(() => taxCockpitPages().then((m) => ({ default: m.MyTaxDocumentsRoute }))),
  },
  // The client portal's obligations (spec part 2 §2 client menu).
  {
    path: 'my-obligations',
    permission: 'VIEW_TAX_DOCUMENTS',
    page: lazy(() => import('./routes/app/my-obligations')),
  },
  // The company's configuration with its fiscal tab: any member opens it; OWNER/GESTOR edit (useCan).
  {
    path: 'companies/:companyId/configuration',
    page: lazy(() => import('./routes/app/companies/configuration')),
  },

  // --- documents, OCR, reviews, categories and the smart inbox (issue 17), by capability ---
  ...issue17Pages(),

  // --- accounting (issue 18), by capability ---
  ...accountingPages(),

  // --- banking and treasury (issue 19), by capability ---
  ...bankingPages(),

  // --- later issues: the access rules of spec part 1 §2 and §6, without a page yet ---
  { path: 'dashboard/billing' },
  // ADMIN only.
  // The platform's dashboard (issue 20), also the ADMIN's /app/dashboard.
  { path: 'admin/dashboard', roles: ADMIN, page: lazy(() => import('./routes/app/admin-dashboard')) },
  ...[
    'admin/users',
    'admin/subscriptions',
    'admin/system-config',
    'admin/logs',
    'admin/system-errors',
    'admin/support',
    'admin/audit/company',
    'admin/audit/gestor',
    'admin/discount-codes',
    'admin/addons',
    'admin/tgss/configuration',
    'admin/certificates/global',
  ].map((path) => ({ path, roles: ADMIN })),
  // GESTOR only (ADMIN passes every role gate).
  ...[
    'support/admin',
    'admin/private-plans',
    'admin/discounts',
    'analytics',
    'analytics/profitability',
    'gestor/clients',
    'gestor/clients/payment-methods',
  ].map((path) => ({ path, roles: GESTOR })),
  // ADMIN or GESTOR.
  { path: 'notifications/documents/*', roles: STAFF },
  { path: 'smart-inbox/*', roles: STAFF },
  { path: 'payment-methods', roles: STAFF },
  { path: 'subscription/payment-methods', roles: STAFF },
  // Payroll: staff only, and the Professional plan or the payroll add-on.
  { path: 'payroll/*', roles: STAFF, plan: 'payroll' },
  // Accounting: the Professional plan; a CLIENTE needs VIEW_ACCOUNTING_DATA.
  { path: 'accounting/*', permission: 'VIEW_ACCOUNTING_DATA', plan: 'accounting' },
  // Invoicing, tax and VeriFacTu, documents: the CLIENTE permissions of spec part 1 §6.
  { path: 'invoices/*', permission: 'VIEW_INVOICES' },
  { path: 'admin/invoicing/*', permission: 'VIEW_INVOICES' },
  { path: 'tax/*', permission: 'VIEW_TAX_DOCUMENTS' },
  { path: 'documents/*', permission: 'UPLOAD_DOCUMENTS' },
];

const registered = appPages.filter((page) => page.page !== undefined);
const registeredRoutes = registered.map((page) => ({ path: `/app/${page.path}`, page }));

/** True when the SPA has a page for this concrete path (`/app/companies/c-1/users`). */
export function isRegisteredPage(pathname: string): boolean {
  return registered.some((page) => matchPath({ path: `/app/${page.path}`, end: true }, pathname) !== null);
}

/** The page the router renders at this path (react-router's ranking), or undefined when none. */
export function registeredPageAt(pathname: string): AppPage | undefined {
  if (!pageAtCache.has(pathname)) {
    pageAtCache.set(pathname, matchRoutes(registeredRoutes, pathname)?.at(-1)?.route.page);
  }
  return pageAtCache.get(pathname);
}
// Menus ask for the same few paths on every render; the list of pages never changes.
const pageAtCache = new Map<string, AppPage | undefined>();

/** True when the path has a page and its access rules let this user in (what a menu may offer). */
export function opensPage(pathname: string, access: AccessContext): boolean {
  const page = registeredPageAt(pathname);
  return page !== undefined && evaluateAccess(page, access).allowed;
}
