/**
 * The tax models domain's Lambda (issues 14 and 15): the VAT models 303, 390, 349 and 347 and the
 * income-tax ones (instalments 130, 131, 202; withholdings 111, 115, 123, 216; their annual summaries
 * 190, 180, 193, 296) computed from the running aggregates (preview, generate,
 * adjust, validate, status, export in the AEAT's own file; by year and quarter, metrics, statistics),
 * batch generation and cross-model validation, filing through the submission gateway (certificate or
 * collaborator with an authorization), the published models a client sees, the gestor's cockpit, and
 * the checklists of the annual returns Cuadra does not file (100, 200, 036, 369, 720).
 */

import { type ActionsOf, createApiHandler } from '@functions/platform/http';
import { getAnnualReturnRoute, listAnnualReturnsRoute } from './actions/annual-returns';
import {
  activeAuthorizationsRoute,
  createAuthorizationRoute,
  listAuthorizationsRoute,
  renewAuthorizationRoute,
  revokeAuthorizationRoute,
} from './actions/authorizations';
import { batchGenerateRoute } from './actions/batch-generate';
import {
  analyzePeriodRoute,
  classifyInvoiceRoute,
  comprehensiveCalculationRoute,
  invoiceTaxCalculationRoute,
} from './actions/calculations';
import { validateCertificateRoute } from './actions/certificate';
import {
  cockpitApproveRoute,
  cockpitComputeRoute,
  cockpitExportRoute,
  cockpitGetRoute,
  cockpitPublishRoute,
  cockpitSubmitRoute,
} from './actions/cockpit';
import { complianceStatusRoute, threshold347Route } from './actions/compliance';
import { crossValidationRoute } from './actions/cross-validation';
import { exportFormatsRoute, exportModelRoute } from './actions/export';
import {
  modelActivitiesRoute,
  modelByQuarterRoute,
  modelMetricsRoute,
  modelStatisticsRoute,
  modelsByYearRoute,
} from './actions/model-years';
import {
  approveModelRoute,
  generateModelRoute,
  getModelRoute,
  listModelsRoute,
  pendingConfirmationRoute,
  updateModelRoute,
  updateModelStatusRoute,
  validateModelRoute,
} from './actions/models';
import { boxSourcesRoute, prefillRoute, previewRoute, validateDataRoute } from './actions/preview';
import { publishedFileRoute, publishedModelsRoute, publishModelRoute } from './actions/publish';
import {
  gestoriaHistoryRoute,
  gestoriaStatisticsRoute,
  getSubmissionRoute,
  listSubmissionsRoute,
  recentSubmissionsRoute,
  retrySubmissionRoute,
  submissionFileRoute,
  submissionStatisticsRoute,
  submitModelRoute,
} from './actions/submissions';
import { makeDeps, type TaxModelsDeps } from './store/deps';

/** Route id -> action: exactly this domain's rows of shared/api/routes.ts (checked by the compiler). */
export const taxModelsActions: ActionsOf<'taxmodels', TaxModelsDeps> = {
  'taxModels.list': listModelsRoute,
  'taxModels.pendingConfirmation': pendingConfirmationRoute,
  'taxModels.batchGenerate': batchGenerateRoute,
  'taxModels.crossValidation': crossValidationRoute,
  'taxModels.exportFormats': exportFormatsRoute,
  'taxModels.preview': previewRoute,
  'taxModels.boxSources': boxSourcesRoute,
  'taxModels.prefill': prefillRoute,
  'taxModels.validateData': validateDataRoute,
  'taxModels.generate': generateModelRoute,
  'taxModels.export': exportModelRoute,
  'taxModels.byYear': modelsByYearRoute,
  'taxModels.byQuarter': modelByQuarterRoute,
  'taxModels.metrics': modelMetricsRoute,
  'taxModels.statistics': modelStatisticsRoute,
  'taxModels.activities': modelActivitiesRoute,
  'taxModels.get': getModelRoute,
  'taxModels.update': updateModelRoute,
  'taxModels.validate': validateModelRoute,
  'taxModels.updateStatus': updateModelStatusRoute,
  'taxModels.approve': approveModelRoute,
  'taxModels.publish': publishModelRoute,
  'taxModels.submit': submitModelRoute,
  'taxModels.threshold347': threshold347Route,
  'taxModels.compliance': complianceStatusRoute,
  'taxModels.analyzePeriod': analyzePeriodRoute,
  'taxModels.invoiceTaxCalculation': invoiceTaxCalculationRoute,
  'taxModels.comprehensiveCalculation': comprehensiveCalculationRoute,
  'taxModels.classifyInvoice': classifyInvoiceRoute,
  'taxModels.published': publishedModelsRoute,
  'taxModels.publishedFile': publishedFileRoute,
  'taxSubmissions.list': listSubmissionsRoute,
  'taxSubmissions.statistics': submissionStatisticsRoute,
  'taxSubmissions.get': getSubmissionRoute,
  'taxSubmissions.file': submissionFileRoute,
  'taxSubmissions.retry': retrySubmissionRoute,
  'taxAuthorizations.list': listAuthorizationsRoute,
  'taxAuthorizations.active': activeAuthorizationsRoute,
  'taxAuthorizations.create': createAuthorizationRoute,
  'taxAuthorizations.renew': renewAuthorizationRoute,
  'taxAuthorizations.revoke': revokeAuthorizationRoute,
  'taxCertificate.validate': validateCertificateRoute,
  'taxAnnualReturns.list': listAnnualReturnsRoute,
  'taxAnnualReturns.get': getAnnualReturnRoute,
  'taxSubmissions.recent': recentSubmissionsRoute,
  'taxGestoria.history': gestoriaHistoryRoute,
  'taxGestoria.statistics': gestoriaStatisticsRoute,
  'taxCockpit.get': cockpitGetRoute,
  'taxCockpit.compute': cockpitComputeRoute,
  'taxCockpit.approve': cockpitApproveRoute,
  'taxCockpit.export': cockpitExportRoute,
  'taxCockpit.submit': cockpitSubmitRoute,
  'taxCockpit.publish': cockpitPublishRoute,
};

export const handler = createApiHandler('taxmodels', taxModelsActions, makeDeps);
