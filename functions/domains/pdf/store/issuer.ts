/**
 * The issuer's data for the invoice PDF, read by this domain itself (no import of the companies
 * domain): the company item and its settings item.
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import { type Company, stripKeys } from '@shared/db/records';
import { type CompanySettings, defaultCompanySettings } from '@shared/schemas/companies';
import type { PdfDeps as Deps } from './deps';

export async function getIssuer(deps: Deps, companyId: string): Promise<Company | undefined> {
  const res = await deps.db.send(new GetCommand({ TableName: deps.table, Key: keys.company(companyId) }));
  return res.Item ? (stripKeys(res.Item) as unknown as Company) : undefined;
}

/** The stored settings over the defaults (an older item may lack newer fields). */
export async function getIssuerSettings(deps: Deps, companyId: string): Promise<CompanySettings> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.companySettings(companyId) }),
  );
  const defaults = defaultCompanySettings();
  const stored = (res.Item?.settings ?? {}) as Partial<CompanySettings>;
  return { ...defaults, ...stored, invoicing: { ...defaults.invoicing, ...stored.invoicing } };
}
