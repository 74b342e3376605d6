/**
 * A tiny in-memory DynamoDB for the chain tests (answers aws-sdk-client-mock calls): GetItem,
 * Query on the table (pk + sk BETWEEN, Limit, paging) and on gsi1 (gsi1pk), and TransactWriteItems
 * evaluated atomically with the conditions the record items use (`attribute_not_exists(pk)`,
 * `attribute_not_exists(#seq)`, `#seq = :prev`, and `attribute_exists(pk)` for tests' extra items)
 * and the chain turn's UpdateItem. Concurrent callers really
 * interleave between their reads and their transaction, so lost heads happen as in DynamoDB.
 */

import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type {
  GetCommandInput,
  QueryCommandInput,
  TransactWriteCommandInput,
  UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '@functions/platform/aws/dynamodb';

type Item = Record<string, unknown>;

export class FakeChainTable {
  readonly items = new Map<string, Item>();
  transactions = 0;
  refusals = 0;

  private id = (k: { pk?: unknown; sk?: unknown }) => `${String(k.pk)}|${String(k.sk)}`;

  put(item: Item): void {
    this.items.set(this.id(item), structuredClone(item));
  }

  get(input: GetCommandInput) {
    const item = this.items.get(this.id(input.Key as Item));
    return { Item: item ? structuredClone(item) : undefined };
  }

  query(input: QueryCommandInput) {
    const v = input.ExpressionAttributeValues ?? {};
    let rows: Item[];
    if (input.IndexName === 'gsi1') {
      rows = [...this.items.values()]
        .filter((i) => i.gsi1pk === v[':pk'])
        .sort((a, b) => String(a.gsi1sk).localeCompare(String(b.gsi1sk)));
    } else {
      rows = [...this.items.values()]
        .filter(
          (i) => i.pk === v[':pk'] && String(i.sk) >= String(v[':from']) && String(i.sk) <= String(v[':to']),
        )
        .sort((a, b) => String(a.sk).localeCompare(String(b.sk)));
    }
    if (input.ExclusiveStartKey) {
      const after = String((input.ExclusiveStartKey as Item).sk);
      rows = rows.filter((r) => String(r.sk) > after);
    }
    const page = input.Limit ? rows.slice(0, input.Limit) : rows;
    const more = input.Limit !== undefined && rows.length > input.Limit;
    const last = page.at(-1);
    return {
      Items: page.map((r) => structuredClone(r)),
      ...(more && last ? { LastEvaluatedKey: { pk: last.pk, sk: last.sk } } : {}),
    };
  }

  private holds(t: TransactItem): boolean {
    const op = t.Put ?? t.Update ?? t.ConditionCheck ?? t.Delete;
    if (!op?.ConditionExpression) return true;
    const key = t.Put ? (t.Put.Item as Item) : ((op as { Key: Item }).Key as Item);
    const current = this.items.get(this.id(key));
    const cond = op.ConditionExpression;
    if (cond === 'attribute_not_exists(pk)') return current === undefined;
    if (cond === 'attribute_exists(pk)') return current !== undefined;
    if (cond === 'attribute_not_exists(#seq)') return current?.seq === undefined;
    if (cond === '#seq = :prev') return current?.seq === op.ExpressionAttributeValues?.[':prev'];
    throw new Error(`FakeChainTable: unsupported condition ${cond}`);
  }

  private apply(t: TransactItem): void {
    if (t.Put) this.put(t.Put.Item as Item);
    if (t.Update) {
      // Only the stats counters' ADDs: count them on the item.
      const key = t.Update.Key as Item;
      const cur = this.items.get(this.id(key)) ?? { ...key };
      const names = t.Update.ExpressionAttributeNames ?? {};
      const adds = /ADD (.*)$/.exec(t.Update.UpdateExpression ?? '')?.[1]?.split(',') ?? [];
      for (const a of adds) {
        const [name, value] = a.trim().split(' ');
        const attr = names[name!] ?? name!;
        cur[attr] = Number(cur[attr] ?? 0) + Number(t.Update.ExpressionAttributeValues?.[value!] ?? 0);
      }
      this.items.set(this.id(key), cur);
    }
  }

  transactWrite(input: TransactWriteCommandInput) {
    this.transactions++;
    const list = input.TransactItems ?? [];
    const reasons = list.map((t) => ({ Code: this.holds(t) ? 'None' : 'ConditionalCheckFailed' }));
    if (reasons.some((r) => r.Code !== 'None')) {
      this.refusals++;
      throw new TransactionCanceledException({
        message: 'cancelled',
        $metadata: {},
        CancellationReasons: reasons,
      });
    }
    for (const t of list) this.apply(t);
    return {};
  }

  /** The chain turn's conditional UpdateItem (take / release), as `takeChainTurn` writes it. */
  update(input: UpdateCommandInput) {
    const key = input.Key as Item;
    const cur = this.items.get(this.id(key));
    const v = input.ExpressionAttributeValues ?? {};
    const fail = () => {
      throw new ConditionalCheckFailedException({ message: 'failed', $metadata: {} });
    };
    if (input.UpdateExpression?.startsWith('REMOVE')) {
      if (cur?.leaseHolder !== v[':me']) fail();
      delete cur!.leaseHolder;
      delete cur!.leaseUntil;
      return {};
    }
    const free =
      cur?.leaseUntil === undefined ||
      Number(cur.leaseUntil) < Number(v[':now']) ||
      cur.leaseHolder === v[':me'];
    if (!free) fail();
    this.items.set(this.id(key), {
      ...(cur ?? key),
      leaseHolder: v[':me'],
      leaseUntil: v[':until'],
      entity: v[':entity'],
      companyId: v[':companyId'],
    });
    return {};
  }

  /** The stored items of one entity. */
  entities(entity: string): Item[] {
    return [...this.items.values()].filter((i) => i.entity === entity);
  }
}
