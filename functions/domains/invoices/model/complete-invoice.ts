/**
 * Art. 6.1 RD 1619/2012: a complete invoice (F1, F3 and the rectificativas R1–R4 that correct
 * them) carries the issuer's and the recipient's names, NIF and domicilio; a simplified invoice
 * (F2, and R5 that corrects it) keeps the lighter content of art. 7. Checked at confirmation, so
 * a draft can wait for the data; the refusal says what is missing and where to fill it
 * (`details.fix`), so the web can link to the form.
 */

import { AppError } from '@shared/api/errors';
import type { Address } from '@shared/db/records';
import type { Invoice, InvoiceType } from '@shared/schemas/invoices';

const COMPLETE_TYPES: ReadonlySet<InvoiceType> = new Set(['F1', 'F3', 'R1', 'R2', 'R3', 'R4']);

export const requiresFullParties = (type: InvoiceType): boolean => COMPLETE_TYPES.has(type);

/** Where the web sends the user to complete what is missing. */
export type PartiesFix = 'COMPANY_ADDRESS' | 'CUSTOMER_ADDRESS' | 'INVOICE_CUSTOMER';

const blank = (v: string | undefined | null) => !v || v.trim() === '';

/** The parts of a domicilio that are missing (street, postal code, city). */
export function missingAddressParts(a: {
  street?: string | null;
  postalCode?: string | null;
  city?: string | null;
}): ('street' | 'postalCode' | 'city')[] {
  return (['street', 'postalCode', 'city'] as const).filter((k) => blank(a[k]));
}

/** Where to fix the recipient: its stored customer, or the draft's own customer when typed inline. */
const customerFix = (inv: Invoice) =>
  inv.customer?.customerId
    ? { fix: 'CUSTOMER_ADDRESS' as const, customerId: inv.customer.customerId }
    : { fix: 'INVOICE_CUSTOMER' as const, invoiceId: inv.invoiceId };

/** Refuses (CORE_004) a complete invoice whose issuer or recipient lacks its domicilio or NIF. */
export function checkCompleteInvoiceParties(
  inv: Invoice,
  issuer: { companyId: string; address?: Partial<Address> | null },
): void {
  if (!requiresFullParties(inv.invoiceType)) return;
  const issuerMissing = missingAddressParts(issuer.address ?? {});
  if (issuerMissing.length > 0) {
    throw new AppError('CORE_004', 'Completa la dirección fiscal de tu empresa', {
      field: 'issuer.address',
      details: {
        reason: 'ISSUER_ADDRESS_REQUIRED',
        fix: 'COMPANY_ADDRESS',
        companyId: issuer.companyId,
        missing: issuerMissing,
      },
    });
  }
  const c = inv.customer;
  if (!c?.taxId) {
    throw new AppError('CORE_004', 'Completa el NIF del cliente', {
      field: 'customer.taxId',
      details: { reason: 'CUSTOMER_TAX_ID_REQUIRED', ...customerFix(inv) },
    });
  }
  const customerMissing = missingAddressParts({ street: c.address, postalCode: c.postalCode, city: c.city });
  if (customerMissing.length > 0) {
    throw new AppError('CORE_004', 'Completa la dirección fiscal del cliente', {
      field: 'customer.address',
      details: { reason: 'CUSTOMER_ADDRESS_REQUIRED', ...customerFix(inv), missing: customerMissing },
    });
  }
}
