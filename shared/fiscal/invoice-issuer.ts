/**
 * The issuer as an invoice records it at confirmation (Art. 6.1.c/d RD 1619/2012), taken from the
 * company; a draft's PDF takes it from the company at the time. One definition for both.
 */

import type { Company } from '@shared/db/records';
import type { InvoiceIssuerSnapshot } from '@shared/schemas/invoices';

export const issuerSnapshotOf = (c: Company): InvoiceIssuerSnapshot => ({
  name: c.name,
  nif: c.nif,
  street: c.address.street,
  postalCode: c.address.postalCode,
  city: c.address.city,
  province: c.address.province,
  country: c.address.country,
  email: c.email ?? null,
  phone: c.phone ?? null,
  // Companies created before their fiscal data was required have none.
  vatRegime: c.fiscal?.vatRegime ?? '',
});
