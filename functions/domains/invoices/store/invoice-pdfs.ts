/**
 * Invoice PDFs are rendered by the pdf domain's `pdf-render` function (infra/manifest.ts
 * `invokables`, contract in shared/schemas/pdf-render.ts): this domain's workers ask it instead of
 * bundling pdf-lib (~500 KB, twice the cold start). Its refusals come back as the same AppErrors.
 */

import { requireEnv } from '@functions/platform/aws/env';
import { invokeFunction } from '@functions/platform/invoke';
import { functionNameEnv } from '@shared/config/env-names';
import type {
  EmailPdfRequest,
  EmailPdfResult,
  StorePdfRequest,
  StorePdfResult,
} from '@shared/schemas/pdf-render';

const pdfFunction = () => requireEnv(functionNameEnv.pdfRender);

/** Renders the invoice and stores its PDF where the bulk operation keeps it; idempotent (one key). */
export const storeBulkPdf = (input: Omit<StorePdfRequest, 'action'>): Promise<StorePdfResult> =>
  invokeFunction(pdfFunction(), { action: 'store', ...input }, { idempotent: true });

/** Renders a confirmed invoice and queues it by e-mail; made once (a retry could send it twice). */
export const emailInvoicePdf = (input: Omit<EmailPdfRequest, 'action'>): Promise<EmailPdfResult> =>
  invokeFunction(pdfFunction(), { action: 'email', ...input }, { idempotent: false });
