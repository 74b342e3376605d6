/** A payment item as stored under its invoice, and the condition that it is the revision read. */

import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import type { InvoicePayment } from '@shared/schemas/invoices';

/** The payment item of `invoiceId` (an InvoicePayment with its keys). */
export const paymentItem = (companyId: string, invoiceId: string, payment: InvoicePayment) => ({
  ...keys.invoicePayment(companyId, invoiceId, payment.createdAt, payment.paymentId),
  entity: 'InvoicePayment',
  v: SCHEMA_VERSION,
  invoiceId,
  companyId,
  ...payment,
});

/** The condition that the payment item is still the revision that was read. */
export const revisionCondition = (payment: InvoicePayment) =>
  (payment.revision ?? 0) === 0
    ? { expression: 'attribute_exists(pk) AND attribute_not_exists(revision)', values: {} }
    : { expression: 'attribute_exists(pk) AND revision = :rev', values: { ':rev': payment.revision } };
