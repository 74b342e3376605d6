/**
 * The reads behind shared/fiscal/verifactu-sending.ts, shared by everything that must tell whether
 * a company's VeriFacTu records are really sent and whether an invoice carries the VERI*FACTU QR:
 * the PDF (lib/invoice-document), the VeriFacTu routes (QR image, invoice status, submissions,
 * dashboard) and the invoicing domain's confirmation (VeriFacTu mandatory from its date).
 */

import { type DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import { stripKeys } from '@shared/db/records';
import type { IndexName } from '@shared/db/table';
import { qrLegendOf, qrUrlOfRecord } from '@shared/fiscal/verifactu-record';
import { qrApplies, sendingStateOf } from '@shared/fiscal/verifactu-sending';
import type {
  SendingState,
  VerifactuConfig,
  VerifactuRecord,
  VerifactuSubmission,
} from '@shared/schemas/verifactu';

export interface SendingDeps {
  db: Pick<DynamoDBDocumentClient, 'send'>;
  table: string;
}

async function getItem(deps: SendingDeps, key: Record<string, string>, projection?: string[]) {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: key,
      ConsistentRead: true,
      ...(projection
        ? {
            ProjectionExpression: projection.map((_, i) => `#p${i}`).join(', '),
            ExpressionAttributeNames: Object.fromEntries(projection.map((p, i) => [`#p${i}`, p])),
          }
        : {}),
    }),
  );
  return res?.Item ? stripKeys(res.Item) : undefined;
}

/**
 * Whether the company sends its records now (configuration + the validity of its certificate; the
 * certificate's sealed secret is never read here). Two GetItems at most.
 */
export async function readSendingState(
  deps: SendingDeps,
  companyId: string,
  now: Date,
): Promise<SendingState> {
  const config = (await getItem(deps, keys.verifactuConfig(companyId))) as VerifactuConfig | undefined;
  const certificate =
    config?.certificateId != null
      ? ((await getItem(deps, keys.verifactuCertificate(companyId, config.certificateId), [
          'validFrom',
          'validTo',
        ])) as { validFrom: string; validTo: string } | undefined)
      : undefined;
  return sendingStateOf({ config: config ?? null, certificate: certificate ?? null, now });
}

/**
 * The latest registro de alta of an invoice (the one no later alta supersedes), or null: the
 * invoice's records on gsi1 newest first, read until an alta shows up (usually the first item).
 */
export async function latestAltaRecord(
  deps: SendingDeps,
  companyId: string,
  invoiceId: string,
): Promise<VerifactuRecord | null> {
  let start: Record<string, unknown> | undefined;
  do {
    const res = await deps.db.send(
      new QueryCommand({
        TableName: deps.table,
        IndexName: 'gsi1' satisfies IndexName,
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: {
          ':pk': keys.verifactuRecordByInvoicePartition(companyId, invoiceId).gsi1pk,
        },
        ScanIndexForward: false,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res?.Items ?? []) {
      if (item.entity === 'VerifactuRecord' && item.kind === 'ALTA')
        return stripKeys(item) as unknown as VerifactuRecord;
    }
    start = res?.LastEvaluatedKey;
  } while (start);
  return null;
}

/** What an invoice's QR is made of, when it carries one. */
export interface InvoiceVerifactuQr {
  record: VerifactuRecord;
  qrUrl: string;
  /** 'VERI*FACTU' (the record is in VERI*FACTU mode whenever a QR is given). */
  legend: string | null;
}

/**
 * The invoice's QR when its latest alta is really sent in VERI*FACTU mode (`qrApplies`), else null.
 * The alta's submission, and only when it is still QUEUED the company's sending state, decide.
 */
export async function invoiceVerifactuQr(
  deps: SendingDeps,
  companyId: string,
  invoiceId: string,
  now: Date,
): Promise<InvoiceVerifactuQr | null> {
  const record = await latestAltaRecord(deps, companyId, invoiceId);
  const qrUrl = record ? qrUrlOfRecord(record) : null;
  if (!record || !qrUrl || record.mode !== 'VERIFACTU') return null;
  const submission = (await getItem(deps, keys.verifactuSubmission(companyId, record.seq))) as
    | VerifactuSubmission
    | undefined;
  if (!submission) return null;
  const sending: SendingState =
    submission.status === 'QUEUED'
      ? await readSendingState(deps, companyId, now)
      : { ready: true, reason: null }; // not consulted once sent
  return qrApplies({ record, submission, sending })
    ? { record, qrUrl, legend: qrLegendOf(record.mode) }
    : null;
}
