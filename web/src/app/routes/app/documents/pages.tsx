/**
 * The documents pages (issue 17) behind ONE small lazy module, as the SII ones (../sii/pages.tsx):
 * app-pages, part of the initial JavaScript, carries one short preload list; each page's own chunk
 * with its antd dependencies stays outside the initial bundle.
 */
import { lazy } from 'react';

const Documents = lazy(() => import('./index'));
const Upload = lazy(() => import('./upload'));
const AiMetrics = lazy(() => import('./ai-metrics'));
const Reviews = lazy(() => import('./reviews'));
const Categories = lazy(() => import('./categories'));
const CompanyDocuments = lazy(() => import('./company-documents'));
const AdminAiMetrics = lazy(() => import('./admin-ai-metrics'));
const ClientUpload = lazy(() => import('./client-upload'));
const MyDocuments = lazy(() => import('./my-documents'));

export const DocumentsRoute = () => <Documents />;
export const DocumentsUploadRoute = () => <Upload />;
export const DocumentsAiMetricsRoute = () => <AiMetrics />;
export const DocumentReviewsRoute = () => <Reviews />;
export const DocumentCategoriesRoute = () => <Categories />;
export const CompanyDocumentsRoute = () => <CompanyDocuments />;
export const AdminAiMetricsRoute = () => <AdminAiMetrics />;
export const ClientDocumentUploadRoute = () => <ClientUpload />;
export const MyDocumentsRoute = () => <MyDocuments />;
