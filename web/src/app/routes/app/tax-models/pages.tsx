/**
 * The AEAT models pages (issue 14) behind ONE small lazy module, as the tax and VeriFacTu ones (see
 * ../tax/pages.tsx): app-pages, part of the initial JavaScript, carries one short preload list; each
 * page's own chunk with its antd dependencies stays outside the initial bundle.
 */
import { lazy } from 'react';

const List = lazy(() => import('./list'));
const Generate = lazy(() => import('./generate'));
const Preview = lazy(() => import('./preview'));
const History = lazy(() => import('./history'));
const Pending = lazy(() => import('./pending-confirmation'));
const Thresholds = lazy(() => import('./threshold-statistics'));
const AnnualReturns = lazy(() => import('./annual-returns'));

export function TaxModelsRoute() {
  return <List />;
}

export function GenerateModelsRoute() {
  return <Generate />;
}

export function ModelPreviewRoute() {
  return <Preview />;
}

export function TaxHistoryRoute() {
  return <History />;
}

export function PendingConfirmationRoute() {
  return <Pending />;
}

export function ThresholdStatisticsRoute() {
  return <Thresholds />;
}

export function AnnualReturnsRoute() {
  return <AnnualReturns />;
}
