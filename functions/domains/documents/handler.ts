/**
 * The documents domain's Lambda (issue 17): uploads and their statuses, readings, advisor reviews,
 * document categories, reading metrics and the smart inbox. One action per route (file
 * `actions/<route id in kebab case>.ts`, export `<routeId>Route`); the workers live in workers/.
 */

import { type ActionsOf, createApiHandler } from '@functions/platform/http';
import { adminInboxOverviewRoute } from './actions/admin-inbox-overview';
import { aiMetricsAlertsRoute } from './actions/ai-metrics-alerts';
import { aiMetricsCacheRoute } from './actions/ai-metrics-cache';
import { aiMetricsCompanyRoute } from './actions/ai-metrics-company';
import { aiMetricsCostsRoute } from './actions/ai-metrics-costs';
import { aiMetricsGetLimitsRoute } from './actions/ai-metrics-get-limits';
import { aiMetricsGlobalRoute } from './actions/ai-metrics-global';
import { aiMetricsPrecisionRoute } from './actions/ai-metrics-precision';
import { aiMetricsSetLimitRoute } from './actions/ai-metrics-set-limit';
import { aiMetricsTopCompaniesRoute } from './actions/ai-metrics-top-companies';
import { clientDocumentsGetRoute } from './actions/client-documents-get';
import { clientDocumentsLimitsRoute } from './actions/client-documents-limits';
import { clientDocumentsListRoute } from './actions/client-documents-list';
import { clientDocumentsReprocessRoute } from './actions/client-documents-reprocess';
import { clientDocumentsStatisticsRoute } from './actions/client-documents-statistics';
import { clientDocumentsUpdateCategoryRoute } from './actions/client-documents-update-category';
import { clientDocumentsUploadRoute } from './actions/client-documents-upload';
import { documentCategoriesClassifyRoute } from './actions/document-categories-classify';
import { documentCategoriesCreateRoute } from './actions/document-categories-create';
import { documentCategoriesDeleteRoute } from './actions/document-categories-delete';
import { documentCategoriesExportRoute } from './actions/document-categories-export';
import { documentCategoriesGetRoute } from './actions/document-categories-get';
import { documentCategoriesImportRoute } from './actions/document-categories-import';
import { documentCategoriesImportDefaultsRoute } from './actions/document-categories-import-defaults';
import { documentCategoriesListRoute } from './actions/document-categories-list';
import { documentCategoriesOptimizeRoute } from './actions/document-categories-optimize';
import { documentCategoriesRecommendationsRoute } from './actions/document-categories-recommendations';
import { documentCategoriesSearchRoute } from './actions/document-categories-search';
import { documentCategoriesSetStatusRoute } from './actions/document-categories-set-status';
import { documentCategoriesStatsRoute } from './actions/document-categories-stats';
import { documentCategoriesSuggestionsRoute } from './actions/document-categories-suggestions';
import { documentCategoriesUpdateRoute } from './actions/document-categories-update';
import { documentReviewsApproveRoute } from './actions/document-reviews-approve';
import { documentReviewsPendingRoute } from './actions/document-reviews-pending';
import { documentReviewsRejectRoute } from './actions/document-reviews-reject';
import { documentReviewsReprocessRoute } from './actions/document-reviews-reprocess';
import { documentReviewsSetCategoryRoute } from './actions/document-reviews-set-category';
import { documentReviewsSetConfidentialRoute } from './actions/document-reviews-set-confidential';
import { documentReviewsStatisticsRoute } from './actions/document-reviews-statistics';
import { documentReviewsUrgentRoute } from './actions/document-reviews-urgent';
import { documentsAiMetricsRoute } from './actions/documents-ai-metrics';
import { documentsAlertsRoute } from './actions/documents-alerts';
import { documentsBatchUploadRoute } from './actions/documents-batch-upload';
import { documentsCancelRoute } from './actions/documents-cancel';
import { documentsDeleteRoute } from './actions/documents-delete';
import { documentsDownloadRoute } from './actions/documents-download';
import { documentsGetRoute } from './actions/documents-get';
import { documentsListRoute } from './actions/documents-list';
import { documentsListByCompanyRoute } from './actions/documents-list-by-company';
import { documentsOcrStatisticsRoute } from './actions/documents-ocr-statistics';
import { documentsPresignRoute } from './actions/documents-presign';
import { documentsReprocessRoute } from './actions/documents-reprocess';
import { documentsStatusRoute } from './actions/documents-status';
import { documentsStatusBatchRoute } from './actions/documents-status-batch';
import { documentsUpdateCategoryRoute } from './actions/documents-update-category';
import { documentsUploadRoute } from './actions/documents-upload';
import { documentsViewRoute } from './actions/documents-view';
import { inboxAccuracyRoute } from './actions/inbox-accuracy';
import { inboxApproveRoute } from './actions/inbox-approve';
import { inboxConfigureImapRoute } from './actions/inbox-configure-imap';
import { inboxCreateInvoiceRoute } from './actions/inbox-create-invoice';
import { inboxDailyStatisticsRoute } from './actions/inbox-daily-statistics';
import { inboxEmailRoute } from './actions/inbox-email';
import { inboxEmailsRoute } from './actions/inbox-emails';
import { inboxExportInvoicesRoute } from './actions/inbox-export-invoices';
import { inboxGetConfigRoute } from './actions/inbox-get-config';
import { inboxIgnoreEmailRoute } from './actions/inbox-ignore-email';
import { inboxInvoiceStatisticsRoute } from './actions/inbox-invoice-statistics';
import { inboxInvoicesRoute } from './actions/inbox-invoices';
import { inboxProcessRoute } from './actions/inbox-process';
import { inboxRejectRoute } from './actions/inbox-reject';
import { inboxReprocessEmailRoute } from './actions/inbox-reprocess-email';
import { inboxReviewListRoute } from './actions/inbox-review-list';
import { inboxStatisticsRoute } from './actions/inbox-statistics';
import { inboxStatusRoute } from './actions/inbox-status';
import { inboxTestImapRoute } from './actions/inbox-test-imap';
import { inboxUpdateConfigRoute } from './actions/inbox-update-config';
import { inboxWidgetRoute } from './actions/inbox-widget';
import { sharingActions } from './actions/sharing';
import { type DocumentsDeps, makeDeps } from './store/deps';

/** Route id -> action: exactly this domain's rows of shared/api/routes.ts (checked by the compiler). */
export const documentsActions: ActionsOf<'documents', DocumentsDeps> = {
  'documents.upload': documentsUploadRoute,
  'documents.presign': documentsPresignRoute,
  'documents.batchUpload': documentsBatchUploadRoute,
  'documents.list': documentsListRoute,
  'documents.listByCompany': documentsListByCompanyRoute,
  'documents.get': documentsGetRoute,
  'documents.status': documentsStatusRoute,
  'documents.statusBatch': documentsStatusBatchRoute,
  'documents.view': documentsViewRoute,
  'documents.download': documentsDownloadRoute,
  'documents.reprocess': documentsReprocessRoute,
  'documents.cancel': documentsCancelRoute,
  'documents.delete': documentsDeleteRoute,
  'documents.ocrStatistics': documentsOcrStatisticsRoute,
  'documents.aiMetrics': documentsAiMetricsRoute,
  'documents.alerts': documentsAlertsRoute,
  'documents.updateCategory': documentsUpdateCategoryRoute,
  'clientDocuments.upload': clientDocumentsUploadRoute,
  'clientDocuments.list': clientDocumentsListRoute,
  'clientDocuments.get': clientDocumentsGetRoute,
  'clientDocuments.statistics': clientDocumentsStatisticsRoute,
  'clientDocuments.limits': clientDocumentsLimitsRoute,
  'clientDocuments.reprocess': clientDocumentsReprocessRoute,
  'clientDocuments.updateCategory': clientDocumentsUpdateCategoryRoute,
  'documentReviews.pending': documentReviewsPendingRoute,
  'documentReviews.urgent': documentReviewsUrgentRoute,
  'documentReviews.statistics': documentReviewsStatisticsRoute,
  'documentReviews.approve': documentReviewsApproveRoute,
  'documentReviews.reject': documentReviewsRejectRoute,
  'documentReviews.setCategory': documentReviewsSetCategoryRoute,
  'documentReviews.setConfidential': documentReviewsSetConfidentialRoute,
  'documentReviews.reprocess': documentReviewsReprocessRoute,
  'documentCategories.list': documentCategoriesListRoute,
  'documentCategories.create': documentCategoriesCreateRoute,
  'documentCategories.search': documentCategoriesSearchRoute,
  'documentCategories.stats': documentCategoriesStatsRoute,
  'documentCategories.suggestions': documentCategoriesSuggestionsRoute,
  'documentCategories.classify': documentCategoriesClassifyRoute,
  'documentCategories.importDefaults': documentCategoriesImportDefaultsRoute,
  'documentCategories.export': documentCategoriesExportRoute,
  'documentCategories.import': documentCategoriesImportRoute,
  'documentCategories.optimize': documentCategoriesOptimizeRoute,
  'documentCategories.recommendations': documentCategoriesRecommendationsRoute,
  'documentCategories.get': documentCategoriesGetRoute,
  'documentCategories.update': documentCategoriesUpdateRoute,
  'documentCategories.delete': documentCategoriesDeleteRoute,
  'documentCategories.setStatus': documentCategoriesSetStatusRoute,
  'inbox.emails': inboxEmailsRoute,
  'inbox.email': inboxEmailRoute,
  'inbox.reprocessEmail': inboxReprocessEmailRoute,
  'inbox.ignoreEmail': inboxIgnoreEmailRoute,
  'inbox.invoices': inboxInvoicesRoute,
  'inbox.reviewList': inboxReviewListRoute,
  'inbox.invoiceStatistics': inboxInvoiceStatisticsRoute,
  'inbox.exportInvoices': inboxExportInvoicesRoute,
  'inbox.approve': inboxApproveRoute,
  'inbox.reject': inboxRejectRoute,
  'inbox.createInvoice': inboxCreateInvoiceRoute,
  'inbox.statistics': inboxStatisticsRoute,
  'inbox.dailyStatistics': inboxDailyStatisticsRoute,
  'inbox.getConfig': inboxGetConfigRoute,
  'inbox.updateConfig': inboxUpdateConfigRoute,
  'inbox.status': inboxStatusRoute,
  'inbox.testImap': inboxTestImapRoute,
  'inbox.configureImap': inboxConfigureImapRoute,
  'inbox.process': inboxProcessRoute,
  'inbox.accuracy': inboxAccuracyRoute,
  'inbox.widget': inboxWidgetRoute,
  'aiMetrics.global': aiMetricsGlobalRoute,
  'aiMetrics.company': aiMetricsCompanyRoute,
  'aiMetrics.topCompanies': aiMetricsTopCompaniesRoute,
  'aiMetrics.costs': aiMetricsCostsRoute,
  'aiMetrics.alerts': aiMetricsAlertsRoute,
  'aiMetrics.precision': aiMetricsPrecisionRoute,
  'aiMetrics.cache': aiMetricsCacheRoute,
  'aiMetrics.getLimits': aiMetricsGetLimitsRoute,
  'aiMetrics.setLimit': aiMetricsSetLimitRoute,
  'adminInbox.overview': adminInboxOverviewRoute,
  ...sharingActions,
};

export const handler = createApiHandler('documents', documentsActions, makeDeps);
