/**
 * Key builders of the tax models (issue 14), spread into `keys` by `shared/db/keys.ts`. Everything of
 * a company lives under `COMPANY#<companyId>`.
 */

import type { Key } from '../keys';
import { enc } from './encoding';

export const taxModelKeys = {
  /** A generated model: one per company, model and period; its id is the obligation's (`<year>-<model>-<period>`). */
  taxModel: (companyId: string, year: number, modelId: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `TAX#MODEL#${year}#${enc(modelId)}`,
  }),
  taxModelYearPrefix: (companyId: string, year: number) => ({
    pk: `COMPANY#${enc(companyId)}`,
    skPrefix: `TAX#MODEL#${year}#`,
  }),
  taxModelPrefix: (companyId: string) => ({ pk: `COMPANY#${enc(companyId)}`, skPrefix: 'TAX#MODEL#' }),
  /** A filing attempt of a model through the submission gateway. */
  taxSubmission: (companyId: string, submissionId: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `TAX#SUB#${enc(submissionId)}`,
  }),
  taxSubmissionPrefix: (companyId: string) => ({ pk: `COMPANY#${enc(companyId)}`, skPrefix: 'TAX#SUB#' }),
  /** gsi1 on a submission: the filings a person made, newest first (gestoría history, recent). */
  taxSubmissionBySubmitter: (userId: string, createdAt: string, submissionId: string) => ({
    gsi1pk: `USER#${enc(userId)}#TAXSUB`,
    gsi1sk: `${createdAt}#${enc(submissionId)}`,
  }),
  taxSubmissionBySubmitterPartition: (userId: string) => ({ gsi1pk: `USER#${enc(userId)}#TAXSUB` }),
  /** An authorization the company gave a collaborator (gestoría) to file on its behalf. */
  taxAuthorization: (companyId: string, authorizationId: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `TAX#AUTH#${enc(authorizationId)}`,
  }),
  taxAuthorizationPrefix: (companyId: string) => ({ pk: `COMPANY#${enc(companyId)}`, skPrefix: 'TAX#AUTH#' }),
} satisfies Record<string, (...args: never[]) => Key | Record<string, string>>;
