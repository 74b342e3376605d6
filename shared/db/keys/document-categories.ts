/**
 * Key builders of the document categories and the reading limits (issue 17 items 5 and 6), spread
 * into `keys` by `shared/db/keys.ts`. Both live in their company's partition.
 */

import type { Key } from '../keys';
import { enc } from './encoding';

const pk = (companyId: string) => `COMPANY#${enc(companyId)}`;

export const documentCategoryKeys = {
  /** A document category of a company. */
  documentCategory: (companyId: string, categoryId: string): Key => ({
    pk: pk(companyId),
    sk: `DOCCAT#${enc(categoryId)}`,
  }),
  documentCategoryPrefix: (companyId: string) => ({ pk: pk(companyId), skPrefix: 'DOCCAT#' }),
  /** A category name is unique within a company (folded name; written with the category). */
  documentCategoryNameClaim: (companyId: string, nameKey: string): Key => ({
    pk: pk(companyId),
    sk: `DOCCATNAME#${enc(nameKey)}`,
  }),
  /** A reading limit of a company (PAGES_PER_MONTH, DOCUMENTS_PER_MONTH), set by ADMIN. */
  readingLimit: (companyId: string, type: string): Key => ({
    pk: pk(companyId),
    sk: `READLIMIT#${enc(type)}`,
  }),
  readingLimitPrefix: (companyId: string) => ({ pk: pk(companyId), skPrefix: 'READLIMIT#' }),
};
