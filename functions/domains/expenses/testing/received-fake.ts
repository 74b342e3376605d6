/**
 * A small stateful fake of the items the received-invoice writes touch, over the harness's mocked
 * document client: the company (its SII flag and regime), one supplier, the received invoices and
 * their payments. Transactions apply the invoice Put/Delete (checking the version and the SII state
 * read, as DynamoDB would evaluate the condition), the payment Puts and, when `aggregates` is given,
 * the aggregate Updates; a condition that does not hold cancels the whole transaction, naming the item.
 */

import {
  GetCommand,
  type GetCommandInput,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { FakeAggregateTable } from '@functions/lib/tax-aggregates/testing/aggregate-items';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { keys } from '@shared/db/keys';
import { COMPANY, cancelled, db, T0 } from './harness';

export const SUPPLIER = {
  ...keys.supplier(COMPANY, 's1'),
  entity: 'Supplier',
  supplierId: 's1',
  companyId: COMPANY,
  name: 'Eléctrica Peñalara SL',
  taxId: 'B12345674',
  paymentTermsDays: 30,
  defaultVatRateBp: 2100,
  irpfRateBp: 0,
  isActive: true,
  createdAt: T0.toISOString(),
  updatedAt: T0.toISOString(),
};

/** 1 × 1.000,00 € at 21 %: payable 1.210,00 €. */
export const receivedBody = (over: Record<string, unknown> = {}) => ({
  supplierId: 's1',
  supplierInvoiceNumber: 'F-2026/0042',
  issueDate: '2026-02-27',
  accountingDate: '2026-03-02',
  lines: [{ description: 'Material de fontanería', quantity: 1, unitPriceCents: 100_000, vatRateBp: 2100 }],
  ...over,
});

export interface FakeTable {
  company: Record<string, unknown> | undefined;
  /** Items by sort key (received invoices and their payments). */
  items: Map<string, Record<string, unknown>>;
  /** Set to make the next N transactions lose the race on the invoice (cancelled at item 0). */
  loseRaces: number;
  /** The running tax aggregates the transactions' Updates are applied to (absent: not kept). */
  aggregates?: FakeAggregateTable;
}

const matches = (
  stored: Record<string, unknown> | undefined,
  cond: string,
  values: Record<string, unknown>,
) => {
  if (cond === 'attribute_not_exists(pk)') return stored === undefined;
  if (!stored) return false;
  if (cond.startsWith('version = :seen')) {
    if (stored.version !== values[':seen']) return false;
    const sii = stored.siiStatus ?? null;
    return ':seenSii' in values ? sii === values[':seenSii'] : sii === null;
  }
  if (cond.includes('#status = :active')) return stored.status === 'ACTIVE';
  return true;
};

/** Installs the fake on the harness's client (call in a beforeEach, after the harness's own). */
export function useReceivedFake(fake: FakeTable): void {
  db.on(GetCommand).callsFake((input: GetCommandInput) => {
    const key = input.Key as { pk: string; sk: string };
    return { Item: fake.items.get(key.sk) };
  });
  db.on(GetCommand, { Key: keys.membership(COMPANY, 'user-1') }).resolves({
    Item: { ...keys.membership(COMPANY, 'user-1'), companyRole: 'GESTOR', isActive: true },
  });
  db.on(GetCommand, { Key: keys.company(COMPANY) }).callsFake(() =>
    fake.company ? { Item: { ...keys.company(COMPANY), ...fake.company } } : {},
  );
  db.on(GetCommand, { Key: keys.supplier(COMPANY, 's1') }).resolves({ Item: SUPPLIER });
  db.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    const prefix = String(input.ExpressionAttributeValues?.[':prefix'] ?? '');
    if (!prefix) return { Items: [] };
    const Items = [...fake.items.entries()]
      .filter(([sk]) => sk.startsWith(prefix))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([, item]) => item);
    return { Items };
  });
  db.on(TransactWriteCommand).callsFake((input: TransactWriteCommandInput) => {
    const list = input.TransactItems!;
    if (fake.loseRaces > 0) {
      fake.loseRaces--;
      throw cancelled('ConditionalCheckFailed', ...list.slice(1).map(() => 'None'));
    }
    const codes = list.map((t) => {
      const op = t.Put ?? t.Delete;
      if (!op?.ConditionExpression) return 'None';
      const sk = (t.Put ? (t.Put.Item as { sk: string }).sk : (t.Delete!.Key as { sk: string }).sk) as string;
      const ok = matches(fake.items.get(sk), op.ConditionExpression, op.ExpressionAttributeValues ?? {});
      return ok ? 'None' : 'ConditionalCheckFailed';
    });
    if (codes.some((c) => c !== 'None')) throw cancelled(...codes);
    for (const t of list) {
      if (t.Put) fake.items.set((t.Put.Item as { sk: string }).sk, t.Put.Item as Record<string, unknown>);
      if (t.Delete) fake.items.delete((t.Delete.Key as { sk: string }).sk);
    }
    fake.aggregates?.apply(list as TransactItem[]);
    return {};
  });
}
