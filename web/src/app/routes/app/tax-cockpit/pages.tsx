/**
 * The batch cockpit, the validation centre and the client's tax documents (issue 14 items 5 and 7)
 * behind ONE small lazy module, as the tax and VeriFacTu ones (see ../tax/pages.tsx): app-pages, part
 * of the initial JavaScript, carries one short preload list; each page's own chunk stays outside.
 */
import { lazy } from 'react';

const Cockpit = lazy(() => import('./cockpit'));
const ValidationCenter = lazy(() => import('./validation-center'));
const MyTaxDocuments = lazy(() => import('./my-tax-documents'));

export function TaxCockpitRoute() {
  return <Cockpit />;
}

export function ValidationCenterRoute() {
  return <ValidationCenter />;
}

export function MyTaxDocumentsRoute() {
  return <MyTaxDocuments />;
}
