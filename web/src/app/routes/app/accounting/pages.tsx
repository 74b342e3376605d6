/**
 * The accounting pages (issue 18) behind ONE small lazy module, as the SII and documents ones
 * (../sii/pages.tsx): app-pages, part of the initial JavaScript, carries one short preload list;
 * each page's own chunk with its antd dependencies stays outside the initial bundle.
 */
import { lazy } from 'react';

const Chart = lazy(() => import('./chart'));
const Journal = lazy(() => import('./journal'));
const EntryCreate = lazy(() => import('./entry-create'));
const EntryEdit = lazy(() => import('./entry-edit'));
const Balance = lazy(() => import('./balance'));
const IncomeStatement = lazy(() => import('./income-statement'));
const Ledger = lazy(() => import('./ledger'));
const TrialBalance = lazy(() => import('./trial-balance'));
const Closing = lazy(() => import('./closing'));
const FinancialReport = lazy(() => import('./financial-report'));
const Settings = lazy(() => import('./settings'));
const MyAccounting = lazy(() => import('./my-accounting'));

export const AccountingChartRoute = () => <Chart />;
export const AccountingJournalRoute = () => <Journal />;
export const AccountingEntryCreateRoute = () => <EntryCreate />;
export const AccountingEntryEditRoute = () => <EntryEdit />;
export const AccountingBalanceRoute = () => <Balance />;
export const AccountingIncomeStatementRoute = () => <IncomeStatement />;
export const AccountingLedgerRoute = () => <Ledger />;
export const AccountingTrialBalanceRoute = () => <TrialBalance />;
export const AccountingClosingRoute = () => <Closing />;
export const AccountingFinancialReportRoute = () => <FinancialReport />;
export const AccountingSettingsRoute = () => <Settings />;
export const MyAccountingRoute = () => <MyAccounting />;
