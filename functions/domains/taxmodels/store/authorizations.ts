/**
 * Authorization items (`keys.taxAuthorization(companyId, authorizationId)`, entity
 * 'TaxAuthorization'): what a company lets a colaborador social (its gestoría) file for it. The rules
 * and the state machine are in model/authorizations.ts; EXPIRED is derived, never stored. Created on
 * absence; every change is conditioned on the `revision` read (a lost race is 409).
 */

import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { queryPrefix } from '@functions/lib/directory';
import { isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { concurrentUpdate } from '@functions/platform/contention';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import type { AuthorizationRecord } from '../model/authorizations';
import type { TaxModelsDeps } from './deps';

type Deps = Pick<TaxModelsDeps, 'db' | 'table'>;

export const TAX_AUTHORIZATION_ENTITY = 'TaxAuthorization';

const item = (a: AuthorizationRecord) => ({
  ...keys.taxAuthorization(a.companyId, a.authorizationId),
  entity: TAX_AUTHORIZATION_ENTITY,
  v: SCHEMA_VERSION,
  ...a,
});

const toRecord = (i: Record<string, unknown>) => stripKeys(i) as unknown as AuthorizationRecord;

/** The company's authorizations (one Query), newest first. */
export async function listAuthorizations(deps: Deps, companyId: string): Promise<AuthorizationRecord[]> {
  const items = await queryPrefix(deps, keys.taxAuthorizationPrefix(companyId));
  return items
    .filter((i) => i.entity === TAX_AUTHORIZATION_ENTITY)
    .map(toRecord)
    .sort(
      (a, b) => b.createdAt.localeCompare(a.createdAt) || a.authorizationId.localeCompare(b.authorizationId),
    );
}

export async function getAuthorization(
  deps: Deps,
  companyId: string,
  authorizationId: string,
): Promise<AuthorizationRecord | undefined> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.taxAuthorization(companyId, authorizationId),
      ConsistentRead: true,
    }),
  );
  return res.Item ? toRecord(res.Item) : undefined;
}

export async function createAuthorization(deps: Deps, a: AuthorizationRecord): Promise<void> {
  try {
    await deps.db.send(
      new PutCommand({
        TableName: deps.table,
        Item: item(a),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (e) {
    if (isConditionalCheckFailed(e)) throw concurrentUpdate(e);
    throw e;
  }
}

/** Writes `next` (revision `seen + 1`) if the stored one is still at `seen`. */
export async function saveAuthorization(deps: Deps, next: AuthorizationRecord, seen: number): Promise<void> {
  try {
    await deps.db.send(
      new PutCommand({
        TableName: deps.table,
        Item: item(next),
        ConditionExpression: '#revision = :seen',
        ExpressionAttributeNames: { '#revision': 'revision' },
        ExpressionAttributeValues: { ':seen': seen },
      }),
    );
  } catch (e) {
    if (isConditionalCheckFailed(e)) throw concurrentUpdate(e);
    throw e;
  }
}
