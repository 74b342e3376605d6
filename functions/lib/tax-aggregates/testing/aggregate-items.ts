/**
 * Test helper: applies the aggregate Update items (`SET … ADD …` or `ADD …` as aggregateUpdateItems
 * and deltaUpdateItem build them) to an in-memory table and answers the aggregates' Queries from it,
 * so unit tests check the round trip contribution → items → read without DynamoDB.
 */

import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '@functions/platform/aws/dynamodb';

export class FakeAggregateTable {
  readonly items = new Map<string, Record<string, unknown>>();

  apply(transactItems: readonly TransactItem[]): void {
    for (const t of transactItems) {
      const u = t.Update;
      if (!u?.Key || !u.UpdateExpression) continue;
      const key = u.Key as { pk: string; sk: string };
      const id = `${key.pk}\u0000${key.sk}`;
      const item = this.items.get(id) ?? { ...key };
      const names = u.ExpressionAttributeNames ?? {};
      const values = u.ExpressionAttributeValues ?? {};
      const name = (n: string) => names[n] ?? n;
      const m = /^(?:SET (.*?))? ?(?:ADD (.*))?$/.exec(u.UpdateExpression);
      const [setPart = '', addPart = ''] = [m?.[1], m?.[2]];
      for (const a of setPart.split(',').map((s) => s.trim())) {
        if (!a) continue;
        const [n, v] = a.split(' = ');
        item[name(n!)] = values[v!];
      }
      for (const a of addPart.split(',').map((s) => s.trim())) {
        if (!a) continue;
        const [n, v] = a.split(' ');
        item[name(n!)] = ((item[name(n!)] as number | undefined) ?? 0) + (values[v!] as number);
      }
      this.items.set(id, item);
    }
  }

  /** A Query on pk with an optional begins_with(sk, :prefix), in sort key order. */
  query(input: QueryCommandInput): { Items: Record<string, unknown>[] } {
    const v = input.ExpressionAttributeValues ?? {};
    const prefix = (v[':prefix'] as string | undefined) ?? '';
    const Items = [...this.items.values()]
      .filter((i) => i.pk === v[':pk'] && String(i.sk).startsWith(prefix))
      .sort((a, b) => (String(a.sk) < String(b.sk) ? -1 : 1));
    return { Items };
  }
}
