/**
 * An in-memory DynamoDB table behind aws-sdk-client-mock for the domains' unit tests (tax, taxmodels): GetItem,
 * BatchGetItem, PutItem, UpdateItem, DeleteItem, Query (table, gsi1, gsi2; Limit and paging;
 * FilterExpression; Select COUNT) and TransactWriteItems, with a small but real expression
 * evaluator (comparisons, AND/OR/NOT, parentheses, BETWEEN, IN, attribute_exists/_not_exists/_type,
 * begins_with, contains, size; SET with `+`/`-`, if_not_exists and list_append, REMOVE, ADD,
 * DELETE; nested `a.b` paths). Transactions check every condition before writing anything and
 * refuse two operations on one item, as DynamoDB does, so exactly-once claims and workflow
 * conditions are tested on their real writes. Anything it does not understand throws, loudly.
 */

import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';

type Item = Record<string, unknown>;
type Names = Record<string, string> | undefined;
type Values = Record<string, unknown> | undefined;

// --- expressions ---------------------------------------------------------------------------------

type Token = { t: 'name' | 'value' | 'op' | 'word' | 'punct'; v: string };

const WORDS = new Set(['AND', 'OR', 'NOT', 'BETWEEN', 'IN', 'SET', 'REMOVE', 'ADD', 'DELETE']);

function tokenize(expr: string): Token[] {
  const out: Token[] = [];
  const re =
    /\s*(<>|<=|>=|=|<|>|\(|\)|,|\+|-|\[\d+\]|:[A-Za-z0-9_]+|#?[A-Za-z_][A-Za-z0-9_]*(?:\.#?[A-Za-z_][A-Za-z0-9_]*)*)/y;
  let pos = 0;
  while (pos < expr.length) {
    if (/^\s*$/.test(expr.slice(pos))) break;
    re.lastIndex = pos;
    const m = re.exec(expr);
    if (!m) throw new Error(`fake table: cannot read expression at "${expr.slice(pos)}"`);
    pos = re.lastIndex;
    const s = m[1]!;
    if (s.startsWith(':')) out.push({ t: 'value', v: s });
    else if (/^(<>|<=|>=|=|<|>)$/.test(s)) out.push({ t: 'op', v: s });
    else if (/^[(),+-]$/.test(s)) out.push({ t: 'punct', v: s });
    else if (s.startsWith('[')) throw new Error('fake table: list indexes are not supported');
    else if (WORDS.has(s.toUpperCase()) && !s.includes('.')) out.push({ t: 'word', v: s.toUpperCase() });
    else out.push({ t: 'name', v: s });
  }
  return out;
}

class Reader {
  private i = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly names: Names,
    private readonly values: Values,
  ) {}
  peek(): Token | undefined {
    return this.tokens[this.i];
  }
  next(): Token {
    const t = this.tokens[this.i++];
    if (!t) throw new Error('fake table: expression ended early');
    return t;
  }
  accept(v: string): boolean {
    if (this.peek()?.v === v) {
      this.i++;
      return true;
    }
    return false;
  }
  expect(v: string): void {
    const t = this.next();
    if (t.v !== v) throw new Error(`fake table: expected ${v}, got ${t.v}`);
  }
  done(): boolean {
    return this.i >= this.tokens.length;
  }
  path(raw: string): string[] {
    return raw.split('.').map((part) => {
      if (!part.startsWith('#')) return part;
      const n = this.names?.[part];
      if (n === undefined) throw new Error(`fake table: no name for ${part}`);
      return n;
    });
  }
  value(raw: string): unknown {
    if (!this.values || !(raw in this.values)) throw new Error(`fake table: no value for ${raw}`);
    return this.values[raw];
  }
}

const getPath = (item: Item | undefined, path: string[]): unknown => {
  let cur: unknown = item;
  for (const p of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Item)[p];
  }
  return cur;
};

function setPath(item: Item, path: string[], value: unknown): void {
  let cur = item;
  for (const p of path.slice(0, -1)) {
    const nextObj = cur[p];
    if (nextObj === null || typeof nextObj !== 'object') {
      throw new Error(`fake table: the document path ${path.join('.')} is invalid for an update`);
    }
    cur = nextObj as Item;
  }
  cur[path.at(-1)!] = value;
}

function removePath(item: Item, path: string[]): void {
  const parent = path.length === 1 ? item : getPath(item, path.slice(0, -1));
  if (parent && typeof parent === 'object') delete (parent as Item)[path.at(-1)!];
}

type Operand =
  | { kind: 'path'; path: string[] }
  | { kind: 'value'; value: unknown }
  | { kind: 'size'; path: string[] };

function readOperand(r: Reader): Operand {
  const t = r.next();
  if (t.t === 'value') return { kind: 'value', value: r.value(t.v) };
  if (t.t === 'name' && t.v === 'size') {
    r.expect('(');
    const p = r.next();
    r.expect(')');
    return { kind: 'size', path: r.path(p.v) };
  }
  if (t.t === 'name') return { kind: 'path', path: r.path(t.v) };
  throw new Error(`fake table: unexpected ${t.v}`);
}

function operandValue(o: Operand, item: Item | undefined): unknown {
  if (o.kind === 'value') return o.value;
  const v = getPath(item, o.path);
  if (o.kind === 'path') return v;
  if (typeof v === 'string' || Array.isArray(v)) return v.length;
  if (v instanceof Set) return v.size;
  if (v && typeof v === 'object') return Object.keys(v).length;
  return undefined;
}

function compare(a: unknown, op: string, b: unknown): boolean {
  if (op === '=') return a !== undefined && JSON.stringify(a) === JSON.stringify(b);
  if (op === '<>') return JSON.stringify(a) !== JSON.stringify(b);
  if (a === undefined || b === undefined || typeof a !== typeof b) return false;
  const x = a as string | number;
  const y = b as string | number;
  if (op === '<') return x < y;
  if (op === '<=') return x <= y;
  if (op === '>') return x > y;
  return x >= y;
}

function readCondition(r: Reader, item: Item | undefined): boolean {
  let result = readAnd(r, item);
  while (r.accept('OR')) result = readAnd(r, item) || result;
  return result;
}

function readAnd(r: Reader, item: Item | undefined): boolean {
  let result = readNot(r, item);
  while (r.accept('AND')) result = readNot(r, item) && result;
  return result;
}

function readNot(r: Reader, item: Item | undefined): boolean {
  if (r.accept('NOT')) return !readNot(r, item);
  return readPrimary(r, item);
}

const FUNCTIONS = new Set([
  'attribute_exists',
  'attribute_not_exists',
  'attribute_type',
  'begins_with',
  'contains',
]);

/** DynamoDB's type of a document-client value (attribute_type): S, N, BOOL, NULL, L, M, SS/NS. */
const dynamoType = (v: unknown): string | undefined => {
  if (v === undefined) return undefined;
  if (v === null) return 'NULL';
  if (typeof v === 'string') return 'S';
  if (typeof v === 'number' || typeof v === 'bigint') return 'N';
  if (typeof v === 'boolean') return 'BOOL';
  if (Array.isArray(v)) return 'L';
  if (v instanceof Set) return typeof [...v][0] === 'number' ? 'NS' : 'SS';
  return 'M';
};

function readPrimary(r: Reader, item: Item | undefined): boolean {
  if (r.accept('(')) {
    const v = readCondition(r, item);
    r.expect(')');
    return v;
  }
  const head = r.peek();
  if (head?.t === 'name' && FUNCTIONS.has(head.v)) {
    r.next();
    r.expect('(');
    const target = readOperand(r);
    let arg: Operand | undefined;
    if (r.accept(',')) arg = readOperand(r);
    r.expect(')');
    const v = operandValue(target, item);
    if (head.v === 'attribute_exists') return v !== undefined;
    if (head.v === 'attribute_not_exists') return v === undefined;
    const a = arg ? operandValue(arg, item) : undefined;
    if (head.v === 'attribute_type') return v !== undefined && dynamoType(v) === a;
    if (head.v === 'begins_with') return typeof v === 'string' && typeof a === 'string' && v.startsWith(a);
    if (typeof v === 'string') return typeof a === 'string' && v.includes(a);
    if (Array.isArray(v)) return v.some((e) => JSON.stringify(e) === JSON.stringify(a));
    if (v instanceof Set) return v.has(a);
    return false;
  }
  const left = operandValue(readOperand(r), item);
  const t = r.next();
  if (t.t === 'op') return compare(left, t.v, operandValue(readOperand(r), item));
  if (t.v === 'BETWEEN') {
    const lo = operandValue(readOperand(r), item);
    r.expect('AND');
    const hi = operandValue(readOperand(r), item);
    return compare(left, '>=', lo) && compare(left, '<=', hi);
  }
  if (t.v === 'IN') {
    r.expect('(');
    let found = false;
    do {
      if (compare(left, '=', operandValue(readOperand(r), item))) found = true;
    } while (r.accept(','));
    r.expect(')');
    return found;
  }
  throw new Error(`fake table: unexpected ${t.v}`);
}

/** Evaluates a condition (or key condition, or filter) expression on an item (undefined: absent). */
export function evaluateCondition(
  expr: string | undefined,
  item: Item | undefined,
  names: Names,
  values: Values,
) {
  if (!expr) return true;
  const r = new Reader(tokenize(expr), names, values);
  const result = readCondition(r, item);
  if (!r.done()) throw new Error(`fake table: trailing tokens in ${expr}`);
  return result;
}

function readSetValue(r: Reader, item: Item): unknown {
  const t = r.peek();
  if (t?.t === 'name' && (t.v === 'if_not_exists' || t.v === 'list_append')) {
    r.next();
    r.expect('(');
    const a = t.v === 'if_not_exists' ? operandValue(readOperand(r), item) : readSetValue(r, item);
    r.expect(',');
    const b = readSetValue(r, item);
    r.expect(')');
    if (t.v === 'if_not_exists') return a === undefined ? b : a;
    if (!Array.isArray(a) || !Array.isArray(b)) throw new Error('fake table: list_append needs two lists');
    return [...a, ...b];
  }
  return operandValue(readOperand(r), item);
}

/** Applies an update expression to a copy of the item (a new item starts with its key). */
export function applyUpdate(base: Item, expr: string, names: Names, values: Values): Item {
  const next = structuredClone(base);
  // Every operand reads the item as it was before the update, as DynamoDB does.
  const before = structuredClone(base);
  const r = new Reader(tokenize(expr), names, values);
  while (!r.done()) {
    const clause = r.next();
    if (clause.t !== 'word') throw new Error(`fake table: expected SET/REMOVE/ADD/DELETE, got ${clause.v}`);
    do {
      const target = r.path(r.next().v);
      if (clause.v === 'SET') {
        r.expect('=');
        let v = readSetValue(r, before);
        while (r.peek()?.v === '+' || r.peek()?.v === '-') {
          const sign = r.next().v;
          const w = readSetValue(r, before);
          if (typeof v !== 'number' || typeof w !== 'number')
            throw new Error('fake table: arithmetic on non-numbers');
          v = sign === '+' ? v + w : v - w;
        }
        setPath(next, target, structuredClone(v));
      } else if (clause.v === 'REMOVE') {
        removePath(next, target);
      } else if (clause.v === 'ADD') {
        const v = operandValue(readOperand(r), before);
        const cur = getPath(next, target);
        if (typeof v === 'number') setPath(next, target, Number(cur ?? 0) + v);
        else if (v instanceof Set) setPath(next, target, new Set([...((cur as Set<unknown>) ?? []), ...v]));
        else throw new Error('fake table: ADD needs a number or a set');
      } else if (clause.v === 'DELETE') {
        const v = operandValue(readOperand(r), before) as Set<unknown>;
        const cur = new Set((getPath(next, target) as Set<unknown>) ?? []);
        for (const e of v) cur.delete(e);
        setPath(next, target, cur);
      } else throw new Error(`fake table: unknown clause ${clause.v}`);
    } while (r.accept(','));
  }
  return next;
}

// --- the table ---------------------------------------------------------------------------------

interface WriteInput {
  TableName?: string;
  Item?: Item;
  Key?: Item;
  ConditionExpression?: string;
  UpdateExpression?: string;
  ExpressionAttributeNames?: Names;
  ExpressionAttributeValues?: Values;
  ReturnValues?: string;
}

type WriteKind = 'Put' | 'Update' | 'Delete' | 'ConditionCheck';

interface QueryInput {
  IndexName?: string;
  KeyConditionExpression: string;
  FilterExpression?: string;
  ExpressionAttributeNames?: Names;
  ExpressionAttributeValues?: Values;
  ScanIndexForward?: boolean;
  Limit?: number;
  ExclusiveStartKey?: Item;
  Select?: string;
}

const conditionFailed = () =>
  new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });

/**
 * A fake table answering every call of every document client (the default: the class, so the
 * pipeline's own client for the membership check is answered too), or of one client instance.
 * `failWhen` makes chosen calls throw (a DynamoDB outage for one company, say).
 */
export function fakeTable(
  target: DynamoDBDocumentClient | typeof DynamoDBDocumentClient = DynamoDBDocumentClient,
) {
  const stub = mockClient(target);
  const items = new Map<string, Item>();
  const writes: { kind: WriteKind; key: Item }[] = [];
  let failWhen: ((command: string, input: unknown) => Error | undefined) | undefined;

  const id = (k: Item) => `${String(k.pk)}\u0000${String(k.sk)}`;
  const keyOf = (input: WriteInput): Item => {
    const src = input.Key ?? input.Item;
    if (!src || typeof src.pk !== 'string' || typeof src.sk !== 'string')
      throw new Error('fake table: every item needs string pk and sk');
    return { pk: src.pk, sk: src.sk };
  };
  const check = (input: WriteInput) =>
    evaluateCondition(
      input.ConditionExpression,
      items.get(id(keyOf(input))),
      input.ExpressionAttributeNames,
      input.ExpressionAttributeValues,
    );
  const apply = (kind: WriteKind, input: WriteInput): { old?: Item; now?: Item } => {
    const key = keyOf(input);
    const old = items.get(id(key));
    if (kind === 'ConditionCheck') return { old, now: old };
    writes.push({ kind, key });
    if (kind === 'Put') items.set(id(key), structuredClone(input.Item!));
    if (kind === 'Delete') items.delete(id(key));
    if (kind === 'Update') {
      if (!input.UpdateExpression) throw new Error('fake table: Update without UpdateExpression');
      const updated = applyUpdate(
        old ?? key,
        input.UpdateExpression,
        input.ExpressionAttributeNames,
        input.ExpressionAttributeValues,
      );
      if (updated.pk !== key.pk || updated.sk !== key.sk)
        throw new Error('fake table: an update changed the key');
      items.set(id(key), updated);
    }
    return { old, now: items.get(id(key)) };
  };
  const maybeFail = (command: string, input: unknown) => {
    const e = failWhen?.(command, input);
    if (e) throw e;
  };
  const single = (kind: WriteKind, input: WriteInput) => {
    maybeFail(kind, input);
    if (!check(input)) throw conditionFailed();
    const { old, now } = apply(kind, input);
    const rv = input.ReturnValues;
    if (rv === 'ALL_OLD' || rv === 'UPDATED_OLD')
      return { Attributes: old ? structuredClone(old) : undefined };
    if (rv === 'ALL_NEW' || rv === 'UPDATED_NEW')
      return { Attributes: now ? structuredClone(now) : undefined };
    return {};
  };

  stub.on(GetCommand).callsFake((input: { Key: Item }) => {
    maybeFail('Get', input);
    const item = items.get(id(input.Key));
    return { Item: item ? structuredClone(item) : undefined };
  });
  stub.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: Item[] }> }) => {
    maybeFail('BatchGet', input);
    const Responses: Record<string, Item[]> = {};
    for (const [table, { Keys }] of Object.entries(input.RequestItems)) {
      if (Keys.length > 100) throw new Error('fake table: BatchGet takes at most 100 keys');
      Responses[table] = Keys.flatMap((k) => {
        const item = items.get(id(k));
        return item ? [structuredClone(item)] : [];
      });
    }
    return { Responses, UnprocessedKeys: {} };
  });
  stub.on(PutCommand).callsFake((input: WriteInput) => single('Put', input));
  stub.on(UpdateCommand).callsFake((input: WriteInput) => single('Update', input));
  stub.on(DeleteCommand).callsFake((input: WriteInput) => single('Delete', input));
  stub
    .on(BatchWriteCommand)
    .callsFake(
      (input: {
        RequestItems: Record<string, { PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } }[]>;
      }) => {
        maybeFail('BatchWrite', input);
        for (const requests of Object.values(input.RequestItems)) {
          if (requests.length > 25) throw new Error('fake table: BatchWrite takes at most 25 requests');
          for (const req of requests) {
            if (req.PutRequest) apply('Put', { Item: req.PutRequest.Item });
            if (req.DeleteRequest) apply('Delete', { Key: req.DeleteRequest.Key });
          }
        }
        return { UnprocessedItems: {} };
      },
    );
  stub.on(TransactWriteCommand).callsFake((input: { TransactItems: Record<string, WriteInput>[] }) => {
    maybeFail('TransactWrite', input);
    const ops = input.TransactItems.map((t) => {
      const kinds = Object.keys(t) as WriteKind[];
      if (kinds.length !== 1) throw new Error('fake table: one operation per transaction item');
      const kind = kinds[0]!;
      return { kind, input: t[kind]! };
    });
    if (ops.length === 0 || ops.length > 100) throw new Error(`fake table: ${ops.length} transaction items`);
    const seen = new Set<string>();
    for (const op of ops) {
      const k = id(keyOf(op.input));
      if (seen.has(k)) {
        throw Object.assign(new Error('Transaction request cannot include multiple operations on one item'), {
          name: 'ValidationException',
        });
      }
      seen.add(k);
    }
    const reasons = ops.map((op) => ({ Code: check(op.input) ? 'None' : 'ConditionalCheckFailed' }));
    if (reasons.some((r) => r.Code !== 'None')) {
      throw new TransactionCanceledException({
        message: 'Transaction cancelled, please refer cancellation reasons for specific reasons',
        $metadata: {},
        CancellationReasons: reasons,
      });
    }
    for (const op of ops) apply(op.kind, op.input);
    return {};
  });
  stub.on(QueryCommand).callsFake((input: QueryInput) => {
    maybeFail('Query', input);
    const index = input.IndexName;
    if (index && index !== 'gsi1' && index !== 'gsi2') throw new Error(`fake table: unknown index ${index}`);
    const [pkName, skName] = index ? [`${index}pk`, `${index}sk`] : ['pk', 'sk'];
    const sortKey = (i: Item) => `${String(i[skName] ?? '')}\u0000${String(i.pk)}\u0000${String(i.sk)}`;
    let rows = [...items.values()]
      .filter((i) => i[pkName] !== undefined && i[skName] !== undefined)
      .filter((i) =>
        evaluateCondition(
          input.KeyConditionExpression,
          i,
          input.ExpressionAttributeNames,
          input.ExpressionAttributeValues,
        ),
      )
      .sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0));
    if (input.ScanIndexForward === false) rows.reverse();
    if (input.ExclusiveStartKey) {
      const start = input.ExclusiveStartKey;
      const at = rows.findIndex((i) => i.pk === start.pk && i.sk === start.sk);
      rows = at >= 0 ? rows.slice(at + 1) : rows;
    }
    const limited = input.Limit !== undefined ? rows.slice(0, input.Limit) : rows;
    const more = input.Limit !== undefined && rows.length > input.Limit;
    const last = limited.at(-1);
    const filtered = limited.filter((i) =>
      evaluateCondition(
        input.FilterExpression,
        i,
        input.ExpressionAttributeNames,
        input.ExpressionAttributeValues,
      ),
    );
    const lastKey =
      more && last
        ? {
            pk: last.pk,
            sk: last.sk,
            ...(index ? { [pkName]: last[pkName], [skName]: last[skName] } : {}),
          }
        : undefined;
    return {
      ...(input.Select === 'COUNT' ? {} : { Items: filtered.map((i) => structuredClone(i)) }),
      Count: filtered.length,
      ScannedCount: limited.length,
      ...(lastKey ? { LastEvaluatedKey: lastKey } : {}),
    };
  });

  return {
    stub,
    items,
    /** Every write applied so far (tests count them to prove a run wrote nothing). */
    writes,
    put: (item: Item) => items.set(id(item), structuredClone(item)),
    get: (key: Item) => {
      const item = items.get(id(key));
      return item ? structuredClone(item) : undefined;
    },
    all: (entity: string) =>
      [...items.values()].filter((i) => i.entity === entity).map((i) => structuredClone(i)),
    /** Makes calls throw the error this answers (undefined: let it through). */
    failWhen: (fn: typeof failWhen) => {
      failWhen = fn;
    },
    reset: () => {
      items.clear();
      writes.length = 0;
      failWhen = undefined;
    },
  };
}

export type FakeTable = ReturnType<typeof fakeTable>;
