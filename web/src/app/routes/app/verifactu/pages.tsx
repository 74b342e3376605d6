/**
 * The VeriFacTu pages behind ONE small lazy module: app-pages (part of the login route's initial
 * JavaScript, budget 250 kB gzip) then carries one short preload list instead of three long ones;
 * each page's own chunk, with its antd dependencies, is listed here, outside the initial bundle.
 * (React.lazy must resolve to a function component, so each page is wrapped, not re-exported.)
 */
import { lazy } from 'react';

const Overview = lazy(() => import('./index'));
const History = lazy(() => import('./history'));
const CompanyConfig = lazy(() => import('../companies/verifactu'));

export function VerifactuRoute() {
  return <Overview />;
}

export function VerifactuHistoryRoute() {
  return <History />;
}

export function CompanyVerifactuRoute() {
  return <CompanyConfig />;
}
