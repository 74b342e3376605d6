/**
 * The registration transaction: everything a new account is, written at once or not at all
 * (ARCHITECTURE §5). The e-mail claim goes first, so a duplicate e-mail is reason 0.
 */

import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { failedConditionAt } from '@functions/platform/aws/dynamodb-errors';
import { keys } from '@shared/db/keys';
import { type MailMessage, mailOutboxItem } from '@shared/db/outbox';
import { companyItem, emailClaimItem, membershipItem, profileItem, SCHEMA_VERSION } from '@shared/db/records';
import type { OneTimeToken } from '../model/one-time-token';
import type { RegistrationPlan } from '../model/registration';
import type { StoreDeps } from './deps';
import { tokenItem } from './tokens';

type Deps = Pick<StoreDeps, 'db' | 'table'>;

export type CreateAccountOutcome = 'CREATED' | 'EMAIL_TAKEN';

export async function createAccount(
  deps: Deps,
  plan: RegistrationPlan,
  verification: { token: OneTimeToken; outboxId: string; mail: MailMessage },
  now: Date,
): Promise<CreateAccountOutcome> {
  const put = (Item: Record<string, unknown>) => ({
    Put: { TableName: deps.table, Item, ConditionExpression: 'attribute_not_exists(pk)' },
  });
  const { profile, company, membership } = plan;
  const items = [put(emailClaimItem(profile.email, profile.userId)), put(profileItem(profile))];
  if (company && membership) {
    items.push(put(companyItem(company)), put(membershipItem(membership)));
    // The companies domain refuses a second company with the same NIF for one user by this claim.
    items.push(
      put({
        ...keys.companyNifClaim(profile.userId, company.nif),
        entity: 'CompanyNifClaim',
        v: SCHEMA_VERSION,
        companyId: company.companyId,
      }),
    );
  }
  items.push(put(tokenItem(verification.token)));
  items.push(put(mailOutboxItem(verification.outboxId, verification.mail, now)));
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
    return 'CREATED';
  } catch (e) {
    if (failedConditionAt(e, 0)) return 'EMAIL_TAKEN';
    throw e;
  }
}
