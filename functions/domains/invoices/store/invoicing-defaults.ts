/** The company's invoicing defaults (its settings item, written by the companies domain). */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import { type CompanySettings, defaultCompanySettings } from '@shared/schemas/companies';
import { type InvoicingDefaults, invoicingDefaultsOf } from '../model/invoicing-defaults';
import type { InvoicesDeps } from './deps';

export async function getInvoicingDefaults(
  deps: Pick<InvoicesDeps, 'db' | 'table'>,
  companyId: string,
): Promise<InvoicingDefaults> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.companySettings(companyId) }),
  );
  const stored = (res.Item?.settings as Partial<CompanySettings> | undefined)?.invoicing;
  const invoicing = { ...defaultCompanySettings().invoicing, ...stored };
  return invoicingDefaultsOf(invoicing);
}
