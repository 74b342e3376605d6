/**
 * The company's SII configuration (`keys.siiConfig`, entity SiiConfig) and the company facts the
 * SII needs, read from the items other domains own with the shared key builders (the company,
 * `keys.company`; its tax profile, `keys.taxProfile`): whether it is in the SII, its NIF and name,
 * the criterio de caja and the prorrata.
 */

import { BatchGetCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { type Company, SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import type { SiiCompany as RecordCompany } from '@shared/fiscal/sii-record';
import type { SiiConfig } from '@shared/schemas/sii';
import type { TaxProfile, VatRegime } from '@shared/schemas/tax-profile';
import type { SiiDeps } from './deps';

type Deps = Pick<SiiDeps, 'db' | 'table'>;

export const siiConfigItem = (c: SiiConfig) => ({
  ...keys.siiConfig(c.companyId),
  entity: 'SiiConfig',
  v: SCHEMA_VERSION,
  ...c,
});

/**
 * What applies while a company has not saved a configuration: records go automatically, received
 * invoices are not held, the AEAT's test environment until the company says otherwise.
 */
export const defaultSiiConfig = (companyId: string, at: string): SiiConfig => ({
  companyId,
  environment: 'TEST',
  certificateId: null,
  representative: null,
  submissionMode: 'AUTOMATIC',
  holdUnapprovedReceived: false,
  lastConnectionTest: null,
  createdAt: at,
  updatedAt: at,
});

export async function getSiiConfig(deps: Deps, companyId: string): Promise<SiiConfig | null> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.siiConfig(companyId), ConsistentRead: true }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as SiiConfig) : null;
}

/**
 * Writes the configuration. `expectedUpdatedAt`: undefined writes unconditionally, null only when
 * none exists yet (create), a time only when the stored one still has it (optimistic update);
 * a lost race answers 409 CONCURRENT_UPDATE.
 */
export async function putSiiConfig(
  deps: Deps,
  config: SiiConfig,
  expectedUpdatedAt?: string | null,
): Promise<void> {
  const condition =
    expectedUpdatedAt === undefined
      ? {}
      : expectedUpdatedAt === null
        ? { ConditionExpression: 'attribute_not_exists(pk)' }
        : {
            ConditionExpression: 'updatedAt = :prev',
            ExpressionAttributeValues: { ':prev': expectedUpdatedAt },
          };
  try {
    await deps.db.send(new PutCommand({ TableName: deps.table, Item: siiConfigItem(config), ...condition }));
  } catch (e) {
    if (isConditionalCheckFailed(e)) throw new AppError('CONCURRENT_UPDATE');
    throw e;
  }
}

/** The company as the SII sees it. */
export interface SiiCompanyInfo {
  companyId: string;
  siiEnabled: boolean;
  nif: string;
  name: string;
  /** The tax profile's VAT regime (GENERAL when the company has no profile). */
  vatRegime: VatRegime;
  /** Régimen especial del criterio de caja (arts. 163 decies–sexiesdecies LIVA): RECC book. */
  cashCriterion: boolean;
  /** The prorrata in basis points (art. 104 LIVA), null when every input VAT is deductible. */
  prorrataBp: number | null;
  /** When the company joined the SII (set by the companies domain when it is switched on), if known. */
  siiSince: string | null;
}

/** The same type under its first name (other SII files import it so). */
export type SiiCompany = SiiCompanyInfo;

type CompanyItem = Company & { siiSince?: string | null };

/** The company and its tax profile in one BatchGet; null when the company does not exist. */
export async function getSiiCompany(deps: Deps, companyId: string): Promise<SiiCompanyInfo | null> {
  const res = await deps.db.send(
    new BatchGetCommand({
      RequestItems: {
        [deps.table]: {
          Keys: [keys.company(companyId), keys.taxProfile(companyId)],
          ConsistentRead: true,
        },
      },
    }),
  );
  const items = res.Responses?.[deps.table] ?? [];
  const companyKey = keys.company(companyId);
  const companyRaw = items.find((i) => i.sk === companyKey.sk);
  const profileRaw = items.find((i) => i.sk === keys.taxProfile(companyId).sk);
  if (!companyRaw) return null;
  const company = stripKeys(companyRaw) as unknown as CompanyItem;
  const profile = profileRaw ? (stripKeys(profileRaw) as unknown as TaxProfile) : undefined;
  return siiCompanyOf(company, profile);
}

/** Pure: the SII view of a company and its (optional) tax profile. */
export function siiCompanyOf(company: CompanyItem, profile: TaxProfile | undefined): SiiCompanyInfo {
  const facts = profile?.facts;
  return {
    companyId: company.companyId,
    // The profile mirrors siiEnabled onto the company in the same transaction (tax/store/profile.ts).
    siiEnabled: company.siiEnabled === true,
    nif: company.nif,
    name: company.name,
    vatRegime: facts?.vatRegime ?? 'GENERAL',
    cashCriterion: facts?.cashAccounting ?? company.fiscal?.vatRegime === 'CRITERIO_CAJA',
    prorrataBp: facts?.prorrataBp ?? null,
    siiSince: company.siiSince ?? null,
  };
}

/** The Titular facts the record builders of shared/fiscal/sii-record.ts take. */
export const recordCompany = (c: SiiCompanyInfo): RecordCompany => ({
  companyNif: c.nif,
  companyName: c.name,
  cashCriterion: c.cashCriterion,
});
