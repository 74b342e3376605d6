/**
 * The banking and treasury pages (issue 19) behind ONE small lazy module, as the accounting ones
 * (../accounting/pages.tsx): app-pages, part of the initial JavaScript, carries one short preload
 * list; each page's own chunk with its antd dependencies stays outside the initial bundle.
 */
import { lazy } from 'react';

const Home = lazy(() => import('./home'));
const Accounts = lazy(() => import('./accounts'));
const AccountDetail = lazy(() => import('./account-detail'));
const Psd2 = lazy(() => import('./psd2'));
const Security = lazy(() => import('./security'));
const SecurityPolicies = lazy(() => import('./security-policies'));
const SecurityRecommendations = lazy(() => import('./security-recommendations'));
const SecurityMetrics = lazy(() => import('./security-metrics'));
const SecurityCompliance = lazy(() => import('./security-compliance'));
const Reconciliation = lazy(() => import('./reconciliation'));
const ReconciliationSession = lazy(() => import('./reconciliation-session'));
const Treasury = lazy(() => import('./treasury'));
const TreasuryCalendar = lazy(() => import('./treasury-calendar'));
const TreasuryOverdue = lazy(() => import('./treasury-overdue'));
const TreasuryReports = lazy(() => import('./treasury-reports'));
const Payments = lazy(() => import('./payments'));

export const BankingHomeRoute = () => <Home />;
export const BankAccountsRoute = () => <Accounts />;
export const BankAccountDetailRoute = () => <AccountDetail />;
export const Psd2Route = () => <Psd2 />;
export const BankingSecurityRoute = () => <Security />;
export const BankingSecurityPoliciesRoute = () => <SecurityPolicies />;
export const BankingSecurityRecommendationsRoute = () => <SecurityRecommendations />;
export const BankingSecurityMetricsRoute = () => <SecurityMetrics />;
export const BankingComplianceReportRoute = () => <SecurityCompliance />;
export const ReconciliationRoute = () => <Reconciliation />;
export const ReconciliationSessionRoute = () => <ReconciliationSession />;
export const TreasuryRoute = () => <Treasury />;
export const TreasuryCalendarRoute = () => <TreasuryCalendar />;
export const TreasuryOverdueRoute = () => <TreasuryOverdue />;
export const TreasuryReportsRoute = () => <TreasuryReports />;
export const BankPaymentsRoute = () => <Payments />;
