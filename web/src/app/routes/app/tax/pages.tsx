/**
 * The tax pages behind ONE small lazy module, as the VeriFacTu ones (see ../verifactu/pages.tsx):
 * app-pages, part of the initial JavaScript, carries one short preload list; each page's own chunk
 * with its antd dependencies stays outside the initial bundle.
 */
import { lazy } from 'react';

const Dashboard = lazy(() => import('./dashboard'));
const Calendar = lazy(() => import('./calendar'));
const Configuration = lazy(() => import('./configuration'));
const FiscalYear = lazy(() => import('./fiscal-year-config'));
const Obligations = lazy(() => import('./obligations'));

export function TaxDashboardRoute() {
  return <Dashboard />;
}

export function TaxCalendarRoute() {
  return <Calendar />;
}

export function TaxConfigurationRoute() {
  return <Configuration />;
}

export function FiscalYearConfigRoute() {
  return <FiscalYear />;
}

export function ClientObligationsRoute() {
  return <Obligations />;
}
