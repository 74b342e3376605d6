/**
 * Whether the accounts a reconciliation names can be posted to (issue 19): a match's difference or
 * account assignment and a rule's account become journal lines on approval (the accounting queue's
 * BANK_POSTING). When the company keeps books here (its accounting settings exist), each code must be
 * an account of its chart that accepts entries; a company without a chart yet gets the PGC's PYMES
 * chart at its first posting, so only the code's form is checked (the schema's). Refused with the
 * Spanish message naming the code, before anything is stored.
 */

import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import type { BankingDeps } from './deps';

export async function requireBookableAccounts(
  deps: Pick<BankingDeps, 'db' | 'table'>,
  companyId: string,
  codes: readonly string[],
  field = 'accountCode',
): Promise<void> {
  const unique = [...new Set(codes)];
  if (unique.length === 0) return;
  const settings = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.accountingSettings(companyId) }),
  );
  if (!settings.Item) return;
  const res = await deps.db.send(
    new BatchGetCommand({
      RequestItems: {
        [deps.table]: { Keys: unique.slice(0, 100).map((code) => keys.account(companyId, code)) },
      },
    }),
  );
  const found = new Map(
    (res.Responses?.[deps.table] ?? []).map((item) => [String(item.accountCode ?? ''), item] as const),
  );
  for (const code of unique) {
    const account = found.get(code);
    if (!account) {
      throw new AppError('CORE_004', `La cuenta ${code} no existe en el plan de cuentas de la empresa.`, {
        field,
      });
    }
    if (account.active === false || account.acceptsEntries === false) {
      throw new AppError(
        'CORE_004',
        `La cuenta ${code} no admite asientos (está inactiva o tiene subcuentas).`,
        {
          field,
        },
      );
    }
  }
}
