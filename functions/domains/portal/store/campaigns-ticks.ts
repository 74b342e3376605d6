/**
 * Uploads ticking checklist items (model/campaign-match.ts): the `campaign-ticks` stream consumer
 * (a Document inserted or changed) and the backfill of a campaign being sent (what the company's
 * clients uploaded since the campaign was created). Only documents a client uploaded count: origin
 * CLIENT_UPLOAD (the portal's upload), or uploaded by an active CLIENTE member of the company; and
 * only documents created since the campaign was. Each target changes through `changeTarget`: the
 * Put conditioned on the revision read and META's counters by ADD, in one transaction; a replay
 * finds the document already on its item and writes nothing.
 */

import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import type { DocumentStatus, DocumentType } from '@shared/schemas/documents';
import type { TargetRecord } from '../model/campaign';
import { applyUpload, type UploadFacts } from '../model/campaign-match';
import { activeTargetsOf, changeTarget, getTarget } from './campaigns';
import { clientMembers } from './campaigns-notify';
import type { PortalDeps } from './deps';

type Db = Pick<PortalDeps, 'db' | 'table'>;

/** What the tick needs of a stored Document item (documents domain, shared/schemas/documents.ts). */
export interface DocumentImage {
  documentId: string;
  companyId: string;
  documentType: DocumentType;
  status: DocumentStatus;
  origin: string;
  uploadedBy: string | null;
  categoryId: string | null;
  createdAt: string;
  supplierNif: string | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The fields of a Document image, or null when it lacks what identifies it. */
export function documentImage(image: Record<string, unknown> | undefined): DocumentImage | null {
  if (!image) return null;
  const documentId = str(image.documentId);
  const companyId = str(image.companyId);
  const documentType = str(image.documentType);
  const status = str(image.status);
  const createdAt = str(image.createdAt);
  if (!documentId || !companyId || !documentType || !status || !createdAt) return null;
  const extraction = image.extraction as { supplierNif?: unknown } | null | undefined;
  return {
    documentId,
    companyId,
    documentType: documentType as DocumentType,
    status: status as DocumentStatus,
    origin: str(image.origin) ?? 'UPLOAD',
    uploadedBy: str(image.uploadedBy),
    categoryId: str(image.categoryId),
    createdAt,
    supplierNif: str(extraction?.supplierNif),
  };
}

/** Whether a change can move a tick: a new document, or one whose type, state, category or reading changed. */
export function ticksMayChange(before: DocumentImage | null, after: DocumentImage): boolean {
  if (!before) return true;
  const gate = (s: DocumentStatus) => s === 'FAILED' || s === 'UPLOADING';
  return (
    before.documentType !== after.documentType ||
    gate(before.status) !== gate(after.status) ||
    before.categoryId !== after.categoryId ||
    before.supplierNif !== after.supplierNif
  );
}

/** The company's NIF and a category's name and type, read once per document. */
async function factsOf(deps: Db, doc: DocumentImage): Promise<UploadFacts> {
  const [company, category] = await Promise.all([
    doc.documentType === 'INVOICE'
      ? deps.db.send(new GetCommand({ TableName: deps.table, Key: keys.company(doc.companyId) }))
      : Promise.resolve(null),
    doc.categoryId
      ? deps.db.send(
          new GetCommand({
            TableName: deps.table,
            Key: keys.documentCategory(doc.companyId, doc.categoryId),
          }),
        )
      : Promise.resolve(null),
  ]);
  const cat = category?.Item;
  return {
    documentId: doc.documentId,
    documentType: doc.documentType,
    status: doc.status,
    category: cat
      ? { name: String(cat.name ?? ''), documentType: (str(cat.documentType) as DocumentType | null) ?? null }
      : null,
    supplierNif: doc.supplierNif,
    companyNif: str(company?.Item?.nif),
  };
}

async function uploadedByClient(deps: Db, doc: DocumentImage): Promise<boolean> {
  if (doc.origin === 'CLIENT_UPLOAD') return true;
  if (!doc.uploadedBy) return false;
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.membership(doc.companyId, doc.uploadedBy) }),
  );
  return res.Item?.companyRole === 'CLIENTE' && res.Item.isActive !== false;
}

/** Applies one document to one target (if created since the campaign); true when it changed. */
async function tickOne(
  deps: Db,
  t: Pick<TargetRecord, 'campaignId' | 'companyId'>,
  facts: UploadFacts,
  createdAt: string,
  now: string,
) {
  const res = await changeTarget(deps, t.campaignId, t.companyId, (before) => {
    if (before.status !== 'ACTIVE' || createdAt < before.createdAt) return { kind: 'none' };
    const r = applyUpload(before.items, facts, now);
    return r.changed
      ? { kind: 'write', after: { ...before, items: r.items, lastUploadAt: now } }
      : { kind: 'none' };
  });
  return res.outcome === 'written';
}

/**
 * A Document's change (the stream consumer): ticks, or re-evaluates, the items of every ACTIVE
 * target of its company. Returns how many targets changed.
 */
export async function tickDocument(
  deps: Pick<PortalDeps, 'db' | 'table' | 'now'>,
  before: DocumentImage | null,
  doc: DocumentImage,
): Promise<number> {
  if (!ticksMayChange(before, doc)) return 0;
  const targets = await activeTargetsOf(deps, doc.companyId);
  if (targets.length === 0) return 0;
  if (!(await uploadedByClient(deps, doc))) return 0;
  const facts = await factsOf(deps, doc);
  const now = deps.now().toISOString();
  let changed = 0;
  for (const t of targets) if (await tickOne(deps, t, facts, doc.createdAt, now)) changed++;
  return changed;
}

/**
 * The backfill of a target just sent: the company's documents created since the campaign was (one
 * Query of its `DOC#` range, ids being time-ordered), those its clients uploaded, applied in upload
 * order. Returns how many documents ticked something.
 */
export async function backfillTarget(
  deps: Pick<PortalDeps, 'db' | 'table' | 'now'>,
  campaignId: string,
  companyId: string,
): Promise<number> {
  const t = await getTarget(deps, campaignId, companyId);
  if (t?.status !== 'ACTIVE') return 0;
  const now = deps.now();
  const range = keys.documentRange(companyId, Date.parse(t.createdAt), now.getTime() + 1);
  const docs: DocumentImage[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await deps.db.send(
      new QueryCommand({
        TableName: deps.table,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': range.pk, ':from': range.skFrom, ':to': range.skTo },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res.Items ?? []) {
      if (item.entity !== 'Document') continue;
      const d = documentImage(item);
      if (d) docs.push(d);
    }
    start = res.LastEvaluatedKey;
  } while (start);
  if (docs.length === 0) return 0;
  const clients = new Set(await clientMembers(deps, companyId));
  let ticked = 0;
  for (const d of docs) {
    if (d.origin !== 'CLIENT_UPLOAD' && !(d.uploadedBy && clients.has(d.uploadedBy))) continue;
    if (await tickOne(deps, t, await factsOf(deps, d), d.createdAt, now.toISOString())) ticked++;
  }
  return ticked;
}
