/**
 * Per company: who is told about fiscal alerts and how (`keys.taxNotificationConfig`, entity
 * 'TaxNotificationConfig'). A company that never saved one has the defaults
 * (`defaultTaxNotificationConfig`: on, with e-mail, to owners, gestores and members).
 */

import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import {
  defaultTaxNotificationConfig,
  NOTIFY_ROLES,
  type TaxNotificationConfig,
  type UpdateTaxNotificationConfigBody,
} from '@shared/schemas/tax';
import type * as z from 'zod';
import type { TaxDeps } from './deps';

/** GET/PUT notifications/config answer: the config, and who saved it last (null: the defaults). */
export interface TaxNotificationConfigView extends TaxNotificationConfig {
  companyId: string;
  updatedAt: string | null;
  updatedBy: string | null;
}

type StoreDeps = Pick<TaxDeps, 'db' | 'table' | 'now'>;

async function read(deps: StoreDeps, companyId: string) {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.taxNotificationConfig(companyId),
      ConsistentRead: true,
    }),
  );
  return res.Item;
}

function toView(companyId: string, item: Record<string, unknown> | undefined): TaxNotificationConfigView {
  if (!item) return { companyId, ...defaultTaxNotificationConfig(), updatedAt: null, updatedBy: null };
  return {
    companyId,
    enabled: item.enabled as boolean,
    email: item.email as boolean,
    recipients: item.recipients as TaxNotificationConfig['recipients'],
    updatedAt: (item.updatedAt as string | undefined) ?? null,
    updatedBy: (item.updatedBy as string | undefined) ?? null,
  };
}

export async function getTaxNotificationConfig(
  deps: StoreDeps,
  companyId: string,
): Promise<TaxNotificationConfigView> {
  return toView(companyId, await read(deps, companyId));
}

/** Recipients once each, in the order of NOTIFY_ROLES (so equal configs are stored alike). */
const normaliseRecipients = (r: TaxNotificationConfig['recipients']) =>
  NOTIFY_ROLES.filter((role) => r.includes(role));

const MAX_ATTEMPTS = 3;

/**
 * Applies a partial update to the stored (or default) config. The write is conditioned on the
 * revision read, so two concurrent partial updates never lose one another's fields.
 */
export async function updateTaxNotificationConfig(
  deps: StoreDeps,
  companyId: string,
  update: z.infer<typeof UpdateTaxNotificationConfigBody>,
  userId: string,
): Promise<TaxNotificationConfigView> {
  for (let attempt = 1; ; attempt++) {
    const item = await read(deps, companyId);
    const current = toView(companyId, item);
    const revision = typeof item?.revision === 'number' ? item.revision : 0;
    const next: TaxNotificationConfig = {
      enabled: update.enabled ?? current.enabled,
      email: update.email ?? current.email,
      recipients: normaliseRecipients(update.recipients ?? current.recipients),
    };
    const updatedAt = deps.now().toISOString();
    try {
      await deps.db.send(
        new PutCommand({
          TableName: deps.table,
          Item: {
            ...keys.taxNotificationConfig(companyId),
            entity: 'TaxNotificationConfig',
            v: SCHEMA_VERSION,
            companyId,
            ...next,
            updatedAt,
            updatedBy: userId,
            revision: revision + 1,
          },
          ConditionExpression: item ? '#revision = :revision' : 'attribute_not_exists(pk)',
          ...(item
            ? {
                ExpressionAttributeNames: { '#revision': 'revision' },
                ExpressionAttributeValues: { ':revision': revision },
              }
            : {}),
        }),
      );
      return { companyId, ...next, updatedAt, updatedBy: userId };
    } catch (e) {
      if (!isConditionalCheckFailed(e)) throw e;
      if (attempt >= MAX_ATTEMPTS) throw new AppError('CONCURRENT_UPDATE');
    }
  }
}
