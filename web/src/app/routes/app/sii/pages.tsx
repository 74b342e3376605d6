/**
 * The SII pages (issue 16) behind ONE small lazy module, as the VeriFacTu and tax ones (see
 * ../verifactu/pages.tsx): app-pages, part of the initial JavaScript, carries one short preload
 * list; each page's own chunk with its antd dependencies stays outside the initial bundle.
 */
import { lazy } from 'react';

const Dashboard = lazy(() => import('./index'));
const Submission = lazy(() => import('./submission'));
const CompanyConfig = lazy(() => import('../companies/sii'));

export function SiiRoute() {
  return <Dashboard />;
}

export function SiiSubmissionRoute() {
  return <Submission />;
}

export function CompanySiiRoute() {
  return <CompanyConfig />;
}
