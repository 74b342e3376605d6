/**
 * Shares of documents with clients (issue 21 item 2; keys in shared/db/keys/sharing.ts). Sharing
 * writes, in ONE transaction, every client's share (new: Put + its (document, client) claim, both
 * `attribute_not_exists`; again: the same share rewritten on the revision read), the notification
 * `document_shared` of each client whose preferences want it (item + unread counter), and a check
 * that the document still exists. Answering an approval rewrites the share with the sharer's
 * `document_share_approved` notification, also in one transaction. Views and downloads are counted
 * on the share (conditioned on it being ACTIVE).
 */

import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { listCompanyMembers, queryAll, queryPrefix } from '@functions/lib/directory';
import {
  getNotificationPreferences,
  newNotificationId,
  newNotificationRecord,
  notificationCounterUpdate,
  notificationItem,
} from '@functions/lib/notifications';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import { notificationCategoryOf } from '@shared/schemas/notifications';
import type { ApproveShareBody, ShareClient, ShareDocumentBody } from '@shared/schemas/sharing';
import {
  approvalNotice,
  assertApprovable,
  assertFutureExpiry,
  clientShareLink,
  newShareId,
  type ShareRecord,
  sharedNotice,
  staffShareLink,
} from '../model/sharing';
import type { DocumentsDeps } from './deps';
import { requireDocument } from './documents';

type Deps = Pick<DocumentsDeps, 'db' | 'table' | 'now' | 'newId'>;
type Db = Pick<DocumentsDeps, 'db' | 'table'>;

/** The stored item: keys (the client's index only while ACTIVE), entity, version, record. */
export function shareItem(s: ShareRecord): Record<string, unknown> {
  return {
    ...keys.documentShare(s.companyId, s.shareId),
    ...(s.status === 'ACTIVE'
      ? keys.documentShareByClient(s.companyId, s.clientId, s.sharedAt, s.shareId)
      : {}),
    ...keys.documentShareByDocument(s.companyId, s.documentId, s.clientId),
    entity: 'DocumentShare',
    v: SCHEMA_VERSION,
    ...s,
  };
}

const fromItem = (item: Record<string, unknown>): ShareRecord => stripKeys(item) as unknown as ShareRecord;

export async function getShare(deps: Db, companyId: string, shareId: string): Promise<ShareRecord | null> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.documentShare(companyId, shareId),
      ConsistentRead: true,
    }),
  );
  return res.Item ? fromItem(res.Item) : null;
}

/** The share rewritten on the revision that was read (a concurrent change fails the transaction). */
function rewrite(table: string, next: ShareRecord, seenRev: number): TransactItem {
  return {
    Put: {
      TableName: table,
      Item: shareItem(next),
      ConditionExpression: '#rev = :rev',
      ExpressionAttributeNames: { '#rev': 'rev' },
      ExpressionAttributeValues: { ':rev': seenRev },
    },
  };
}

/** A notification and its +1 on the unread counter, when the owner's preferences want it in the app. */
async function noticeWrites(
  deps: Deps,
  now: Date,
  n: {
    userId: string;
    companyId: string;
    type: string;
    title: string;
    message: string;
    severity: 'info' | 'success' | 'warning';
    link: string;
  },
): Promise<TransactItem[]> {
  const prefs = await getNotificationPreferences(deps, n.userId);
  if (!prefs.channels.IN_APP || !prefs.types[notificationCategoryOf(n.type)]) return [];
  const record = newNotificationRecord(n, newNotificationId(now, deps.newId()), now);
  return [
    {
      Put: {
        TableName: deps.table,
        Item: notificationItem(record),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    notificationCounterUpdate(deps.table, n, 1),
  ];
}

const fullName = (m: { firstName?: string; lastName?: string; email?: string }) =>
  [m.firstName, m.lastName].filter(Boolean).join(' ').trim() || m.email || '';

/** The company's active CLIENTE members (who the staff may share with). */
export async function shareClients(deps: Db, companyId: string): Promise<ShareClient[]> {
  const members = await listCompanyMembers(deps, companyId);
  return members
    .filter((m) => m.isActive && m.companyRole === 'CLIENTE')
    .map((m) => ({ userId: m.userId, name: fullName(m), email: m.email }))
    .sort((a, b) => a.name.localeCompare(b.name, 'es'));
}

/** The sharer's name as the client will read it (its membership's name; 'Tu gestoría' for an ADMIN outside it). */
async function sharerName(deps: Db, companyId: string, userId: string) {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.membership(companyId, userId) }),
  );
  const m = res.Item as { firstName?: string; lastName?: string; email?: string } | undefined;
  return (m && fullName(m)) || 'Tu gestoría';
}

export interface ShareInput {
  companyId: string;
  documentId: string;
  sharedBy: string;
  body: ShareDocumentBody;
}

/**
 * Shares a document with each client: validates (document present, readable and not confidential;
 * every id an active CLIENTE member; expiry in the future), then one transaction.
 */
export async function shareDocument(
  deps: Deps,
  input: ShareInput,
): Promise<{ shares: ShareRecord[]; created: number }> {
  const now = deps.now();
  const { body, companyId, documentId } = input;
  if (body.documentId && body.documentId !== documentId)
    throw new AppError('CORE_004', 'El documento del cuerpo no coincide con el de la ruta.', {
      field: 'documentId',
    });
  const expiresAt = assertFutureExpiry(body.expiresAt, now);
  const doc = await requireDocument(deps, companyId, documentId);
  if (doc.status === 'UPLOADING' || doc.status === 'FAILED')
    throw new AppError('DOC_CONFLICT', 'El documento no tiene un archivo disponible para compartir.', {
      field: 'documentId',
    });
  if (doc.isConfidential)
    throw new AppError('DOC_CONFLICT', 'Un documento confidencial no se puede compartir con clientes.', {
      field: 'documentId',
    });
  const clientIds = [...new Set(body.clientIds)];
  const clients = new Map((await shareClients(deps, companyId)).map((c) => [c.userId, c]));
  const invalid = clientIds.filter((id) => !clients.has(id));
  if (invalid.length > 0)
    throw new AppError('CORE_004', 'Solo se puede compartir con clientes activos de la empresa.', {
      field: 'clientIds',
      details: { invalidClientIds: invalid },
    });
  const byName = await sharerName(deps, companyId, input.sharedBy);
  const nowIso = now.toISOString();

  const items: TransactItem[] = [
    {
      ConditionCheck: {
        TableName: deps.table,
        Key: keys.document(companyId, documentId),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
  ];
  const out: ShareRecord[] = [];
  let created = 0;
  for (const clientId of clientIds) {
    const client = clients.get(clientId) as ShareClient;
    const claim = await deps.db.send(
      new GetCommand({
        TableName: deps.table,
        Key: keys.documentShareClaim(companyId, documentId, clientId),
        ConsistentRead: true,
      }),
    );
    const existing = claim.Item ? await getShare(deps, companyId, String(claim.Item.shareId)) : null;
    const fields = {
      clientName: client.name,
      clientEmail: client.email,
      name: doc.fileName,
      type: doc.documentType,
      contentType: doc.contentType,
      sizeBytes: doc.sizeBytes,
      sharedAt: nowIso,
      sharedBy: input.sharedBy,
      sharedByName: byName,
      download: body.permissions.download,
      expiresAt,
      status: 'ACTIVE' as const,
      message: body.message?.trim() || null,
      requiresApproval: body.requiresApproval,
      approval: body.requiresApproval
        ? { status: 'PENDING' as const, comments: null, approvedAt: null }
        : null,
      revokedAt: null,
      revokedBy: null,
      updatedAt: nowIso,
    };
    let next: ShareRecord;
    if (existing) {
      next = { ...existing, ...fields, rev: existing.rev + 1 };
      items.push(rewrite(deps.table, next, existing.rev));
    } else {
      created++;
      next = {
        shareId: newShareId(now, deps.newId()),
        companyId,
        documentId,
        clientId,
        createdAt: nowIso,
        lastViewedAt: null,
        viewCount: 0,
        downloadCount: 0,
        lastDownloadedAt: null,
        ...fields,
        rev: 1,
      };
      items.push(
        {
          Put: {
            TableName: deps.table,
            Item: shareItem(next),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: deps.table,
            Item: {
              ...keys.documentShareClaim(companyId, documentId, clientId),
              entity: 'DocumentShareClaim',
              v: SCHEMA_VERSION,
              shareId: next.shareId,
              companyId,
              documentId,
              clientId,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      );
    }
    items.push(
      ...(await noticeWrites(deps, now, {
        userId: clientId,
        companyId,
        type: 'document_shared',
        ...sharedNotice(next),
        link: clientShareLink(next.shareId),
      })),
    );
    out.push(next);
  }
  await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
  return { shares: out, created };
}

/** Every share of one document (any status), by client. */
export async function sharesOfDocument(
  deps: Db,
  companyId: string,
  documentId: string,
): Promise<ShareRecord[]> {
  const k = keys.documentShareByDocumentPartition(companyId, documentId);
  const items = await queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': k.gsi2pk },
  });
  return items.filter((i) => i.entity === 'DocumentShare').map(fromItem);
}

/** Every share of the company, newest first. */
export async function sharesOfCompany(deps: Db, companyId: string): Promise<ShareRecord[]> {
  const items = await queryPrefix(deps, keys.documentSharePrefix(companyId), { ScanIndexForward: false });
  return items.map(fromItem);
}

/** The shares of one client that are not revoked, newest shared first. */
export async function sharesOfClient(deps: Db, companyId: string, clientId: string): Promise<ShareRecord[]> {
  const k = keys.documentShareByClientPartition(companyId, clientId);
  const items = await queryAll(deps, {
    TableName: deps.table,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': k.gsi1pk },
    ScanIndexForward: false,
  });
  return items.map(fromItem);
}

/** Revokes one share (idempotent: a revoked share is answered as it is). */
export async function revokeShare(
  deps: Deps,
  companyId: string,
  shareId: string,
  userId: string,
): Promise<ShareRecord> {
  const share = await getShare(deps, companyId, shareId);
  if (!share) throw new AppError('CORE_006', 'El documento compartido no existe.', { field: 'shareId' });
  if (share.status === 'REVOKED') return share;
  const nowIso = deps.now().toISOString();
  const next: ShareRecord = {
    ...share,
    status: 'REVOKED',
    revokedAt: nowIso,
    revokedBy: userId,
    updatedAt: nowIso,
    rev: share.rev + 1,
  };
  await deps.db.send(new TransactWriteCommand({ TransactItems: [rewrite(deps.table, next, share.rev)] }));
  return next;
}

/**
 * Revokes every active share of a document (for when the document is deleted: a share never
 * points at nothing the client could still try to open). Answers how many were revoked.
 */
export async function revokeDocumentShares(
  deps: Deps,
  companyId: string,
  documentId: string,
  userId: string,
): Promise<number> {
  let n = 0;
  for (const s of await sharesOfDocument(deps, companyId, documentId)) {
    if (s.status === 'REVOKED') continue;
    await revokeShare(deps, companyId, s.shareId, userId);
    n++;
  }
  return n;
}

/** The client's answer to a share that asked for approval, and the sharer's notification. */
export async function approveShare(
  deps: Deps,
  input: { companyId: string; shareId: string; clientId: string; body: ApproveShareBody },
): Promise<ShareRecord> {
  const now = deps.now();
  const share = assertApprovable(await getShare(deps, input.companyId, input.shareId), input.clientId, now);
  const nowIso = now.toISOString();
  const approval = {
    status: input.body.approved ? ('APPROVED' as const) : ('REJECTED' as const),
    comments: input.body.comments?.trim() || null,
    approvedAt: nowIso,
  };
  const next: ShareRecord = { ...share, approval, updatedAt: nowIso, rev: share.rev + 1 };
  const items: TransactItem[] = [rewrite(deps.table, next, share.rev)];
  // The sharer hears of it while still a member of the company (an ADMIN who is not: no bell there).
  const sharer = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.membership(share.companyId, share.sharedBy) }),
  );
  if (sharer.Item?.isActive === true)
    items.push(
      ...(await noticeWrites(deps, now, {
        userId: share.sharedBy,
        companyId: share.companyId,
        type: 'document_share_approved',
        ...approvalNotice(share, approval),
        link: staffShareLink(share.companyId, share.documentId),
      })),
    );
  await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
  return next;
}

/** Counts a view or a download on the share (only while it is ACTIVE). */
export async function recordAccess(deps: Deps, share: ShareRecord, mode: 'view' | 'download'): Promise<void> {
  const nowIso = deps.now().toISOString();
  await deps.db.send(
    new UpdateCommand({
      TableName: deps.table,
      Key: keys.documentShare(share.companyId, share.shareId),
      UpdateExpression:
        mode === 'view'
          ? 'SET lastViewedAt = :now ADD viewCount :one'
          : 'SET lastViewedAt = :now, lastDownloadedAt = :now ADD downloadCount :one',
      ConditionExpression: '#status = :active',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':now': nowIso, ':one': 1, ':active': 'ACTIVE' },
    }),
  );
}
