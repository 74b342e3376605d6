/**
 * The expenses function's direct invocations (infra/manifest.ts `invokables`): the settlements of
 * bank reconciliation (`settle-received-invoice`, a payload with an `action`:
 * shared/schemas/settlement.ts) and the drafts of read documents (`received-invoice-draft`, an `op`).
 */

import type { InvokeAnswer } from '@functions/platform/invoke';
import type { DraftResult } from '@shared/schemas/received-invoice-draft';
import { isSettleRequest, type SettleResult } from '@shared/schemas/settlement';
import type { Context } from 'aws-lambda';
import { receivedInvoiceDraftInvocation } from './received-invoice-draft';
import { settleReceivedInvoiceInvocation } from './settle-received-invoice';

export const expensesInvocation = (
  payload: unknown,
  context?: Context,
): Promise<InvokeAnswer<SettleResult | DraftResult>> =>
  isSettleRequest(payload)
    ? settleReceivedInvoiceInvocation(payload, context)
    : receivedInvoiceDraftInvocation(payload, context);
