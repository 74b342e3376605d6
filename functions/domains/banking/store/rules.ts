/**
 * The reconciliation rules a company's matcher learns (issue 19 item 3): "movements whose
 * counterparty / description / concepto común says X go to account Y". Created on the rules page or
 * by a match with "recordar"; read by the matcher on every session view. Keys:
 * `keys.reconciliationRule` in the company's `BANK#` partition.
 */

import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { queryPrefix } from '@functions/lib/directory';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import {
  type CreateRuleBody,
  type ReconciliationRule,
  reconciliationMessages,
  type SessionActor,
} from '@shared/schemas/reconciliation';
import { fold } from '../model/matching/text';
import type { BankingDeps } from './deps';

type Deps = Pick<BankingDeps, 'db' | 'table' | 'now' | 'newId'>;

export interface RuleItem extends ReconciliationRule {
  entity: 'ReconciliationRule';
  schemaVersion: 1;
  companyId: string;
}

const strip = (raw: Record<string, unknown>): RuleItem => {
  const { pk: _pk, sk: _sk, ...rest } = raw;
  return rest as unknown as RuleItem;
};

export const ruleView = (r: RuleItem): ReconciliationRule => ({
  ruleId: r.ruleId,
  pattern: r.pattern,
  field: r.field,
  direction: r.direction,
  accountCode: r.accountCode,
  label: r.label,
  origin: r.origin,
  createdBy: r.createdBy,
  createdAt: r.createdAt,
});

/** Every rule of the company, oldest first. */
export async function listRules(
  deps: Pick<BankingDeps, 'db' | 'table'>,
  companyId: string,
): Promise<RuleItem[]> {
  const rows = await queryPrefix(deps, keys.reconciliationRulePrefix(companyId));
  return rows
    .map(strip)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.ruleId.localeCompare(b.ruleId));
}

const sameRule = (a: Pick<RuleItem, 'pattern' | 'field' | 'direction'>, b: typeof a) =>
  fold(a.pattern) === fold(b.pattern) &&
  a.field === b.field &&
  (a.direction ?? null) === (b.direction ?? null);

/**
 * Creates a rule. The same pattern, field and direction again: a MANUAL rule is refused (CORE_004),
 * a LEARNED one replaces the account of the existing rule (the user's latest choice wins).
 */
export async function createRule(
  deps: Deps,
  companyId: string,
  body: CreateRuleBody,
  by: SessionActor,
  origin: 'LEARNED' | 'MANUAL',
): Promise<RuleItem> {
  const existing = (await listRules(deps, companyId)).find((r) =>
    sameRule(r, { pattern: body.pattern, field: body.field, direction: body.direction ?? null }),
  );
  if (existing && origin === 'MANUAL') {
    throw new AppError('CORE_004', reconciliationMessages.ruleExists, { field: 'pattern' });
  }
  const item: RuleItem = {
    entity: 'ReconciliationRule',
    schemaVersion: 1,
    companyId,
    ruleId: existing?.ruleId ?? deps.newId(),
    pattern: body.pattern,
    field: body.field,
    direction: body.direction ?? null,
    accountCode: body.accountCode,
    label: body.label,
    origin: existing?.origin ?? origin,
    createdBy: existing?.createdBy ?? by,
    createdAt: existing?.createdAt ?? deps.now().toISOString(),
  };
  await deps.db.send(
    new PutCommand({
      TableName: deps.table,
      Item: { ...keys.reconciliationRule(companyId, item.ruleId), ...item },
    }),
  );
  return item;
}

export async function deleteRule(
  deps: Pick<BankingDeps, 'db' | 'table'>,
  companyId: string,
  ruleId: string,
): Promise<void> {
  const res = await deps.db.send(
    new DeleteCommand({
      TableName: deps.table,
      Key: keys.reconciliationRule(companyId, ruleId),
      ReturnValues: 'ALL_OLD',
    }),
  );
  if (!res.Attributes) throw new AppError('CORE_006', reconciliationMessages.ruleNotFound);
}
