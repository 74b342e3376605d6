/** The VeriFacTu domain's Lambda: configuration, certificates, submissions, invoice status/QR/record, chain. */

import { type ActionsOf, createApiHandler } from '@functions/platform/http';
import { bulkSubmitRoute } from './actions/bulk-submit';
import { cancelSubmissionRoute } from './actions/cancel-submission';
import { certificateUsageRoute } from './actions/certificate-usage';
import { createConfigRoute } from './actions/create-config';
import { deleteCertificateRoute } from './actions/delete-certificate';
import { downloadInvoiceQrRoute } from './actions/download-invoice-qr';
import { exportSubmissionsRoute } from './actions/export-submissions';
import { getConfigRoute } from './actions/get-config';
import { getDashboardRoute } from './actions/get-dashboard';
import { getInvoiceQrRoute } from './actions/get-invoice-qr';
import { getInvoiceRecordRoute } from './actions/get-invoice-record';
import { getInvoiceStatusRoute } from './actions/get-invoice-status';
import { getSubmissionRoute } from './actions/get-submission';
import { getSubmissionExchangeRoute } from './actions/get-submission-exchange';
import { getUsageRoute } from './actions/get-usage';
import { listCertificatesRoute } from './actions/list-certificates';
import { listSubmissionsRoute } from './actions/list-submissions';
import { resubmitRoute } from './actions/resubmit';
import { submitInvoiceRoute } from './actions/submit-invoice';
import { testConnectionRoute } from './actions/test-connection';
import { updateConfigRoute } from './actions/update-config';
import { uploadCertificateRoute } from './actions/upload-certificate';
import { verifyChainRoute } from './actions/verify-chain';
import { makeDeps, type VerifactuDeps } from './store/deps';

/** Route id -> action: exactly this domain's rows of shared/api/routes.ts (checked by the compiler). */
export const verifactuActions: ActionsOf<'verifactu', VerifactuDeps> = {
  // configuration and certificates (spec part 1 §7)
  'verifactu.getConfig': getConfigRoute,
  'verifactu.createConfig': createConfigRoute,
  'verifactu.updateConfig': updateConfigRoute,
  'verifactu.testConnection': testConnectionRoute,
  'certificates.list': listCertificatesRoute,
  'certificates.upload': uploadCertificateRoute,
  'certificates.delete': deleteCertificateRoute,
  'certificates.usage': certificateUsageRoute,
  // submissions, dashboard, usage, invoice status and record
  'verifactu.listSubmissions': listSubmissionsRoute,
  'verifactu.exportSubmissions': exportSubmissionsRoute,
  'verifactu.bulkSubmit': bulkSubmitRoute,
  'verifactu.getSubmission': getSubmissionRoute,
  'verifactu.cancelSubmission': cancelSubmissionRoute,
  'verifactu.resubmit': resubmitRoute,
  'verifactu.dashboard': getDashboardRoute,
  'verifactu.usage': getUsageRoute,
  'verifactu.invoiceStatus': getInvoiceStatusRoute,
  'verifactu.invoiceRecord': getInvoiceRecordRoute,
  'verifactu.submitInvoice': submitInvoiceRoute,
  // the invoice QR
  'verifactu.invoiceQr': getInvoiceQrRoute,
  'verifactu.downloadQr': downloadInvoiceQrRoute,
  // chain verification
  'verifactu.chainVerification': verifyChainRoute,
  // archived SOAP exchanges with the AEAT (store/archive.ts)
  'verifactu.submissionExchange': getSubmissionExchangeRoute,
};

export const handler = createApiHandler('verifactu', verifactuActions, makeDeps);
