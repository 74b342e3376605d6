/**
 * A reading becomes a received-invoice draft in the expenses domain, through its
 * `received-invoice-draft` function (infra/manifest.ts `invokables`, contract in
 * shared/schemas/received-invoice-draft.ts): this domain never writes received invoices itself.
 * Both operations are idempotent on the callee's side (create by documentId; decide sets a state),
 * so the SDK may retry them.
 */

import { requireEnv } from '@functions/platform/aws/env';
import { invokeFunction } from '@functions/platform/invoke';
import { functionNameEnv } from '@shared/config/env-names';
import type { DraftRequest, DraftResult } from '@shared/schemas/received-invoice-draft';

export const invokeDraft = (request: DraftRequest): Promise<DraftResult> =>
  invokeFunction(requireEnv(functionNameEnv.receivedInvoiceDraft), request, { idempotent: true });
