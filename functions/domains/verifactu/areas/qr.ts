/**
 * Routes of one area of the VeriFacTu domain, spread into the handler's action map. The type lists
 * exactly the route ids this area serves (shared/api/routes.ts).
 */

import type { AnyAction } from '@functions/platform/http';
import { downloadInvoiceQrRoute } from '../actions/download-invoice-qr';
import { getInvoiceQrRoute } from '../actions/get-invoice-qr';
import type { VerifactuDeps } from '../store/deps';

export type QrRoutes = 'verifactu.invoiceQr' | 'verifactu.downloadQr';

export const qrActions: { [K in QrRoutes]: AnyAction<VerifactuDeps> } = {
  'verifactu.invoiceQr': getInvoiceQrRoute,
  'verifactu.downloadQr': downloadInvoiceQrRoute,
};
