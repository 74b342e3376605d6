/**
 * Reconciliation sessions, their matches and their audit (issue 19 item 3; keys in the company's
 * `RECON#` partition, shared/db/keys/banking.ts).
 *
 * - A session snapshots, at start, the account's movements of its date range that are not MATCHED
 *   (nor IGNORED); one open session (IN_PROGRESS or COMPLETED) per account, claimed in the start's
 *   transaction (`OPEN#<accountId>`, a second start is BANK_CONFLICT) and released by approve/cancel.
 * - Every change of a session's matches is ONE transaction with the session's `revision` (the one
 *   read, +1), the match items and their audit items: two concurrent matches of the same movement or
 *   document never both commit (the loser re-reads and finds it used).
 * - Movements keep their reconciliation state (store/movements.ts) until the approval: a session in
 *   progress holds its matches only here, so cancelling releases everything by itself.
 */

import { DeleteCommand, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { queryPrefix } from '@functions/lib/directory';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { isConditionalCheckFailed, isTransactionCanceled } from '@functions/platform/aws/dynamodb-errors';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import {
  type AuditAction,
  auditActionLabels,
  type ReconciliationMatch,
  reconciliationMessages,
  type SessionActor,
  type SessionAuditEntry,
  type SessionStatus,
} from '@shared/schemas/reconciliation';
import type { BankingDeps } from './deps';

type Deps = Pick<BankingDeps, 'db' | 'table' | 'now' | 'newId'>;

export interface SessionItem {
  entity: 'ReconciliationSession';
  schemaVersion: 1;
  companyId: string;
  sessionId: string;
  accountId: string;
  accountAlias: string;
  iban: string;
  accountingAccountCode: string;
  fromDate: string;
  toDate: string;
  status: SessionStatus;
  /** The movements the session reconciles (snapshot at start, booking date order). */
  movementIds: string[];
  /** Completed leaving these unmatched (they come again in a later session). */
  leftMovementIds: string[];
  /** +1 on every change: the condition of every write. */
  revision: number;
  createdBy: SessionActor;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
  completedBy: SessionActor | null;
  approvedAt: string | null;
  approvedBy: SessionActor | null;
  cancelledAt: string | null;
  cancelledBy: SessionActor | null;
  cancelReason: string | null;
  approvalError: string | null;
}

/** What a match keeps of its movements (the approval needs them without reading them again). */
export interface MatchMovementRef {
  movementId: string;
  accountId: string;
  bookingDate: string;
  amountCents: number;
  reference: string | null;
  direct: boolean;
}

export interface MatchItem extends ReconciliationMatch {
  entity: 'ReconciliationMatch';
  schemaVersion: 1;
  companyId: string;
  movements: MatchMovementRef[];
  /** "Recordar": the rule learned with it, if any. */
  learnedRuleId: string | null;
}

export interface AuditItem extends SessionAuditEntry {
  entity: 'ReconciliationAudit';
  companyId: string;
  sessionId: string;
}

const strip = <T>(raw: Record<string, unknown>): T => {
  const { pk: _pk, sk: _sk, ...rest } = raw;
  return rest as T;
};

export const conflict = (message: string) => new AppError('BANK_CONFLICT', message);

// --- reads ------------------------------------------------------------------------------------------------

export async function getSessionItem(
  deps: Pick<BankingDeps, 'db' | 'table'>,
  companyId: string,
  sessionId: string,
): Promise<SessionItem | null> {
  const r = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.reconciliationSession(companyId, sessionId),
      ConsistentRead: true,
    }),
  );
  return r.Item ? strip<SessionItem>(r.Item) : null;
}

export async function requireSession(
  deps: Pick<BankingDeps, 'db' | 'table'>,
  companyId: string,
  sessionId: string,
): Promise<SessionItem> {
  const s = await getSessionItem(deps, companyId, sessionId);
  if (!s) throw new AppError('CORE_006', reconciliationMessages.sessionNotFound);
  return s;
}

export async function listSessionItems(
  deps: Pick<BankingDeps, 'db' | 'table'>,
  companyId: string,
): Promise<SessionItem[]> {
  const rows = await queryPrefix(deps, keys.reconciliationSessionPrefix(companyId));
  return rows
    .map((r) => strip<SessionItem>(r))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.sessionId.localeCompare(b.sessionId));
}

export async function listMatches(
  deps: Pick<BankingDeps, 'db' | 'table'>,
  companyId: string,
  sessionId: string,
): Promise<MatchItem[]> {
  const rows = await queryPrefix(deps, keys.reconciliationMatchPrefix(companyId, sessionId), {
    ConsistentRead: true,
  });
  return rows
    .map((r) => strip<MatchItem>(r))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.matchId.localeCompare(b.matchId));
}

export async function listAudit(
  deps: Pick<BankingDeps, 'db' | 'table'>,
  companyId: string,
  sessionId: string,
): Promise<SessionAuditEntry[]> {
  const rows = await queryPrefix(deps, keys.reconciliationAuditPrefix(companyId, sessionId));
  return rows.map((r) => {
    const { entity: _e, companyId: _c, sessionId: _s, ...entry } = strip<AuditItem>(r);
    return entry;
  });
}

/** The payments approved sessions reconciled (never linked again). */
export async function reconciledPaymentIds(
  deps: Pick<BankingDeps, 'db' | 'table'>,
  companyId: string,
): Promise<Set<string>> {
  const rows = await queryPrefix(deps, keys.reconciledPaymentPrefix(companyId));
  return new Set(rows.map((r) => String(r.paymentId)));
}

// --- writes -------------------------------------------------------------------------------------------------

export function auditItem(
  deps: Deps,
  session: Pick<SessionItem, 'companyId' | 'sessionId'>,
  actor: SessionActor,
  action: AuditAction,
  detail: string,
  extra: { matchId?: string | null; movementIds?: string[] } = {},
): TransactItem {
  const at = deps.now().toISOString();
  const eventId = deps.newId();
  const item: AuditItem = {
    entity: 'ReconciliationAudit',
    companyId: session.companyId,
    sessionId: session.sessionId,
    eventId,
    at,
    actor,
    action,
    actionLabel: auditActionLabels[action],
    detail,
    matchId: extra.matchId ?? null,
    movementIds: extra.movementIds ?? [],
  };
  return {
    Put: {
      TableName: deps.table,
      Item: { ...keys.reconciliationAudit(session.companyId, session.sessionId, at, eventId), ...item },
    },
  };
}

/** The session's update, conditioned on the revision read (and, optionally, on its status). */
function sessionUpdate(deps: Deps, session: SessionItem, set: Partial<SessionItem> = {}): TransactItem {
  const fields: Record<string, unknown> = {
    ...set,
    revision: session.revision + 1,
    updatedAt: deps.now().toISOString(),
  };
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':seen': session.revision };
  const parts: string[] = [];
  for (const [k, v] of Object.entries(fields)) {
    names[`#${k}`] = k;
    values[`:${k}`] = v;
    parts.push(`#${k} = :${k}`);
  }
  return {
    Update: {
      TableName: deps.table,
      Key: keys.reconciliationSession(session.companyId, session.sessionId),
      UpdateExpression: `SET ${parts.join(', ')}`,
      ConditionExpression: '#revision = :seen',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

const staleSession = () =>
  conflict('La sesión ha cambiado mientras tanto: vuelve a cargarla e inténtalo de nuevo.');

async function transact(deps: Deps, items: TransactItem[]): Promise<void> {
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    if (isTransactionCanceled(e)) throw staleSession();
    throw e;
  }
}

export async function createSessionWrite(
  deps: Deps,
  session: SessionItem,
  actor: SessionActor,
  detail: string,
) {
  const items: TransactItem[] = [
    {
      Put: {
        TableName: deps.table,
        Item: {
          ...keys.reconciliationOpenSession(session.companyId, session.accountId),
          entity: 'ReconciliationOpenSession',
          sessionId: session.sessionId,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: deps.table,
        Item: { ...keys.reconciliationSession(session.companyId, session.sessionId), ...session },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    auditItem(deps, session, actor, 'START', detail, { movementIds: [] }),
  ];
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    if (isTransactionCanceled(e)) throw conflict(reconciliationMessages.openSessionExists);
    throw e;
  }
}

/** Adds matches (with their audit lines) in one transaction with the session's revision. */
export async function addMatchesWrite(
  deps: Deps,
  session: SessionItem,
  matches: readonly MatchItem[],
  audits: readonly TransactItem[],
  extra: readonly TransactItem[] = [],
): Promise<void> {
  const items: TransactItem[] = [
    sessionUpdate(deps, session),
    ...matches.map(
      (m): TransactItem => ({
        Put: {
          TableName: deps.table,
          Item: { ...keys.reconciliationMatch(session.companyId, session.sessionId, m.matchId), ...m },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      }),
    ),
    ...audits,
    ...extra,
  ];
  await transact(deps, items);
}

export async function deleteMatchWrite(
  deps: Deps,
  session: SessionItem,
  match: MatchItem,
  audit: TransactItem,
) {
  await transact(deps, [
    sessionUpdate(deps, session),
    {
      Delete: {
        TableName: deps.table,
        Key: keys.reconciliationMatch(session.companyId, session.sessionId, match.matchId),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    audit,
  ]);
}

/** A status change (complete, approve, cancel) or any other session fields, with its audit line. */
export async function updateSessionWrite(
  deps: Deps,
  session: SessionItem,
  set: Partial<SessionItem>,
  audit: TransactItem | null,
  options: { releaseOpen?: boolean } = {},
): Promise<SessionItem> {
  const items: TransactItem[] = [sessionUpdate(deps, session, set)];
  if (audit) items.push(audit);
  await transact(deps, items);
  if (options.releaseOpen) {
    // The claim only guards new starts: released after the status is final (a retry releases it again).
    try {
      await deps.db.send(
        new DeleteCommand({
          TableName: deps.table,
          Key: keys.reconciliationOpenSession(session.companyId, session.accountId),
          ConditionExpression: 'attribute_not_exists(pk) OR sessionId = :s',
          ExpressionAttributeValues: { ':s': session.sessionId },
        }),
      );
    } catch (e) {
      if (!isConditionalCheckFailed(e)) throw e;
    }
  }
  return { ...session, ...set, revision: session.revision + 1, updatedAt: deps.now().toISOString() };
}

/** Saves a match's settlement progress (approval), not touching the session. */
export async function saveMatchSettlement(
  deps: Pick<BankingDeps, 'db' | 'table'>,
  match: MatchItem,
  extra: readonly TransactItem[] = [],
): Promise<void> {
  await deps.db.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: deps.table,
            Item: { ...keys.reconciliationMatch(match.companyId, match.sessionId, match.matchId), ...match },
          },
        },
        ...extra,
      ],
    }),
  );
}

export function reconciledPaymentPut(
  deps: Pick<BankingDeps, 'table'>,
  companyId: string,
  paymentId: string,
  match: Pick<MatchItem, 'matchId' | 'sessionId'>,
): TransactItem {
  return {
    Put: {
      TableName: deps.table,
      Item: {
        ...keys.reconciledPayment(companyId, paymentId),
        entity: 'ReconciledPayment',
        paymentId,
        matchId: match.matchId,
        sessionId: match.sessionId,
      },
    },
  };
}

/** Who did it, as the session and its audit keep it. */
export const actorOf = (auth: { userId: string; username?: string | null }): SessionActor => ({
  userId: auth.userId,
  name: auth.username ?? null,
});
