/**
 * Page paths of the SPA, in one place (bulletproof-react). Routes, guards, menus, links and
 * redirects read them from here so a renamed page is one edit. Spec part 1 §2.
 */
/** The query parameter naming the company a linked page belongs to (see ./company-from-url.ts). */
export const COMPANY_PARAM = 'company';

/** `path` with `?company=` (kept as is without a company): the page selects that company first. */
export function withCompany(path: string, companyId: string | null | undefined): string {
  if (!companyId) return path;
  const [base = '', hash] = path.split('#');
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}${COMPANY_PARAM}=${encodeURIComponent(companyId)}${hash ? `#${hash}` : ''}`;
}

export const paths = {
  home: '/',
  pricing: '/pricing',
  integrations: '/integrations',
  about: '/about',
  contact: '/contact',
  help: '/help',
  checkout: '/checkout',
  legal: {
    terms: '/legal/terms',
    privacy: '/legal/privacy',
    cookies: '/legal/cookies',
    legalNotice: '/legal/legal-notice',
    usagePolicy: '/legal/usage-policy',
  },
  auth: {
    login: '/auth/login',
    register: '/auth/register',
    forgotPassword: '/auth/forgot-password',
    verifyEmail: '/auth/verify-email',
    registerConfirmation: '/auth/register-confirmation',
    resetPassword: '/auth/reset-password',
  },
  client: {
    activate: '/client/activate',
  },
  app: {
    root: '/app',
    dashboard: '/app/dashboard',
    subscription: '/app/dashboard/subscription',
    billing: '/app/dashboard/billing',
    profile: '/app/profile',
    companies: '/app/companies',
    companyCreate: '/app/companies/new',
    company: (companyId: string) => `/app/companies/${encodeURIComponent(companyId)}`,
    companyEdit: (companyId: string) => `/app/companies/${encodeURIComponent(companyId)}/edit`,
    companyUsers: (companyId: string) => `/app/companies/${encodeURIComponent(companyId)}/users`,
    /** The company's configuration; `tab: 'fiscal'` opens its tax profile and assistant (issue 13). */
    companyConfiguration: (companyId: string, tab?: 'fiscal') =>
      `/app/companies/${encodeURIComponent(companyId)}/configuration${tab ? `?tab=${tab}` : ''}`,
    /** Pages under a company that later issues build (documents, expense-categories, addons/...). */
    companySection: (companyId: string, section: string) =>
      `/app/companies/${encodeURIComponent(companyId)}/${section}`,
    users: '/app/users',
    notifications: '/app/notifications',
    meetings: '/app/meetings',
    support: '/app/support',
    // Pages of later issues: the menus list them (hidden until their page exists) and the guards
    // apply their access rules already (spec part 1 §2).
    invoicing: {
      income: '/app/admin/invoicing/income',
      invoiceCreate: '/app/invoices/create',
      /** With `companyId`, the link selects the invoice's company first (`?company=`). */
      invoice: (invoiceId: string, companyId?: string | null) =>
        withCompany(`/app/invoices/${encodeURIComponent(invoiceId)}`, companyId),
      invoiceEdit: (invoiceId: string) => `/app/invoices/${encodeURIComponent(invoiceId)}/edit`,
      invoicePayments: (invoiceId: string) => `/app/invoices/${encodeURIComponent(invoiceId)}/payments`,
      bulkOperations: '/app/invoices/bulk-operations',
      expenses: '/app/admin/invoicing/expenses',
      /** One received invoice: its data, SII state and payments; `companyId` selects its company first. */
      receivedInvoice: (receivedInvoiceId: string, companyId?: string | null) =>
        withCompany(`/app/admin/invoicing/expenses/${encodeURIComponent(receivedInvoiceId)}`, companyId),
      suppliers: '/app/admin/invoicing/suppliers',
      customers: '/app/admin/invoicing/customers',
      /** The customers page with one customer's edit drawer open. */
      customerEdit: (customerId: string) =>
        `/app/admin/invoicing/customers?edit=${encodeURIComponent(customerId)}`,
    },
    recurring: {
      root: '/app/invoices/recurring',
      dashboard: '/app/invoices/recurring/dashboard',
      templates: '/app/invoices/recurring/templates',
    },
    /** The selected company's expense categories (also under companySection(id, 'expense-categories')). */
    expenseCategoriesConfig: '/app/configuration/expense-categories',
    accounting: {
      chart: '/app/accounting/chart',
      journal: '/app/accounting/journal',
      balance: '/app/accounting/balance',
      incomeStatement: '/app/accounting/income-statement',
      entryCreate: '/app/accounting/entries/create',
      entryEdit: (entryId: string) => `/app/accounting/entries/${encodeURIComponent(entryId)}/edit`,
      /** The general ledger; with an account, that account's movements. */
      ledger: (accountId?: string) =>
        accountId ? `/app/accounting/ledger/${encodeURIComponent(accountId)}` : '/app/accounting/ledger',
      trialBalance: '/app/accounting/trial-balance',
      closing: '/app/accounting/closing',
      financialReport: '/app/accounting/financial-report',
      /** Which account each document goes to (revenue, expense, bank, cash, per category and supplier). */
      settings: '/app/accounting/settings',
    },
    tax: {
      dashboard: '/app/tax/dashboard',
      /** The dashboard opened on its 'Alertas fiscales' tab (the fiscal alerts' "see all" link). */
      alerts: '/app/tax/dashboard?tab=alerts',
      calendar: '/app/tax/calendar',
      /** The calendar's list narrowed to overdue or pending obligations (spec part 3 links). */
      calendarFiltered: (filter: 'overdue' | 'pending') => `/app/tax/calendar?filter=${filter}`,
      models: '/app/tax/models',
      /** Generate one model of a period, or several at once (issue 14). */
      generateModels: '/app/tax/models/generate',
      /** One model of the company: `2026-303-1T` (its boxes, the invoices behind each, filing). */
      modelPreview: (modelId: string, companyId?: string | null) =>
        withCompany(`/app/tax/models/${encodeURIComponent(modelId)}/preview`, companyId),
      history: '/app/tax/history',
      pendingConfirmation: '/app/tax/pending-confirmation',
      thresholdStatistics: '/app/tax/threshold-statistics',
      /** The selected company's models of a year checked against each other and the books (issue 14). */
      validationCenter: '/app/tax/validation-center',
      /** The annual returns filed outside Cuadra (100, 200, 036, 369, 720) and their checklists (issue 15). */
      annualReturns: '/app/tax/annual-returns',
      /** The gestor's batch cockpit: one model and period across every client (issue 14 item 5). */
      cockpit: '/app/tax/cockpit',
      configuration: '/app/tax/configuration',
      fiscalYearConfig: '/app/tax/fiscal-year-config',
      /** The gestor's view of every client's obligations (issue 13 item 6). */
      obligations: '/app/tax/obligations',
      /** The SII of the selected company: books, problems, deadlines, submissions (issue 16). */
      sii: '/app/tax/sii',
      /** One SII submission (SOAP exchange) with its records and archived XML. */
      siiSubmission: (submissionId: string, companyId?: string | null) =>
        withCompany(`/app/tax/sii/${encodeURIComponent(submissionId)}`, companyId),
    },
    documents: '/app/documents',
    /** Drag and drop, progress per file (issue 17). */
    documentsUpload: '/app/documents/upload',
    /** Reading accuracy and cost per page, from the reviews (issue 17). */
    documentsAiMetrics: '/app/documents/ai-metrics',
    documentReviews: '/app/document-reviews',
    documentCategories: '/app/document-categories',
    documentCampaigns: '/app/document-campaigns',
    messaging: '/app/messaging',
    smartInbox: '/app/smart-inbox',
    smartInboxAdvanced: '/app/smart-inbox/advanced',
    banking: {
      root: '/app/banking',
      accounts: '/app/banking/accounts',
      /** The open-banking (PSD2) connections; `psd2` is the same page at the spec's other path. */
      accountsPsd2: '/app/banking/accounts/psd2',
      /** One bank account: balance, movements, imports. */
      accountDetail: (accountId: string, companyId?: string | null) =>
        withCompany(`/app/banking/accounts/${encodeURIComponent(accountId)}`, companyId),
      reconciliation: '/app/banking/reconciliation',
      /** One reconciliation session: movements against open items. */
      reconciliationSession: (sessionId: string, companyId?: string | null) =>
        withCompany(`/app/banking/reconciliation/sessions/${encodeURIComponent(sessionId)}`, companyId),
      security: '/app/banking/security',
      securityPolicies: '/app/banking/security/policies',
      securityRecommendations: '/app/banking/security/recommendations',
      securityMetrics: '/app/banking/security/metrics',
      securityComplianceReport: '/app/banking/security/compliance-report',
      payments: '/app/banking/payments',
      treasury: '/app/banking/treasury',
      treasuryCalendar: '/app/banking/treasury/calendar',
      treasuryOverdue: '/app/banking/treasury/overdue',
      treasuryReports: '/app/banking/treasury/reports',
      /** The spec's top-level aliases of the PSD2 and accounts pages (spec part 1 §2 'Other'). */
      psd2: '/app/psd2',
      bankAccounts: '/app/bank-accounts',
    },
    payroll: {
      dashboard: '/app/payroll/dashboard',
      employees: '/app/payroll/employees',
      payrolls: '/app/payroll/payrolls',
      calculation: '/app/payroll/calculation',
      payments: '/app/payroll/payments',
      absencesVacations: '/app/payroll/absences-vacations',
      reports: '/app/payroll/reports',
      configuration: '/app/payroll/configuration',
    },
    verifactu: '/app/verifactu',
    verifactuHistory: '/app/verifactu/history',
    gestorClients: '/app/gestor/clients',
    analytics: '/app/analytics',
    profitability: '/app/analytics/profitability',
    notificationDocuments: '/app/notifications/documents',
    client: {
      myDocuments: '/app/my-documents',
      documentUpload: '/app/document-upload',
      myTaxDocuments: '/app/my-tax-documents',
      myObligations: '/app/my-obligations',
      messages: '/app/messages',
      clientProfile: '/app/client-profile',
      myAccounting: '/app/my-accounting',
      myUsers: '/app/my-users',
      myInvoices: '/app/my-invoices',
    },
    admin: {
      dashboard: '/app/admin/dashboard',
      users: '/app/admin/users',
      subscriptions: '/app/admin/subscriptions',
      discounts: '/app/admin/discounts',
      discountCodes: '/app/admin/discount-codes',
      systemConfig: '/app/admin/system-config',
      logs: '/app/admin/logs',
      systemErrors: '/app/admin/system-errors',
      smartInbox: '/app/admin/smart-inbox',
      smartInboxAiMetrics: '/app/admin/smart-inbox/ai-metrics',
      tgssConfiguration: '/app/admin/tgss/configuration',
      certificatesGlobal: '/app/admin/certificates/global',
      auditCompany: '/app/admin/audit/company',
      auditGestor: '/app/admin/audit/gestor',
      support: '/app/admin/support',
      addons: '/app/admin/addons',
    },
  },
} as const;

const REDIRECT_PARAM = 'redirectTo';

/** `/auth/login?redirectTo=<origin>`: the guard remembers where the user was going (spec part 1 §2). */
export function loginPath(redirectTo?: string): string {
  if (!redirectTo) return paths.auth.login;
  return `${paths.auth.login}?${new URLSearchParams({ [REDIRECT_PARAM]: redirectTo })}`;
}

/**
 * Where to go after a successful login. Only the SPA's pages behind the login (/app/..., /checkout)
 * are honoured, so a crafted link cannot send the user to another site (`//evil.example`, `https://...`).
 */
export function redirectAfterLogin(search: string): string {
  const target = new URLSearchParams(search).get(REDIRECT_PARAM);
  if (target && /^\/(?:app|checkout)(?:[/?#]|$)/.test(target)) return target;
  return paths.app.dashboard;
}
