/**
 * The treasury's own records (issue 19 item 4; keys under `TREASURY#<company>`): follow-up notes per
 * document, the payment reminders sent (at most one per document and day: the reminder item is the
 * claim) and the company's treasury settings (automatic reminders).
 *
 * A reminder is ONE transaction: the day's claim (`attribute_not_exists`), the mail outbox item (the
 * mail domain sends it: shared/db/outbox.ts) and the follow-up note that records it; a second reminder
 * the same day fails the claim and writes nothing, so nobody is e-mailed twice.
 */

import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { getCompanies, queryPrefix } from '@functions/lib/directory';
import { failedConditionAt, isTransactionCanceled } from '@functions/platform/aws/dynamodb-errors';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { type MailMessage, mailOutboxItem } from '@shared/db/outbox';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import { formatDateEs } from '@shared/fiscal/fiscal-alerts';
import type {
  CreateNoteBody,
  FollowUpNote,
  TreasuryDocumentKind,
  TreasurySettings,
  TreasurySettingsBody,
} from '@shared/schemas/treasury';
import type { BankingDeps } from './deps';
import type { OpenItem } from './items';

type Deps = Pick<BankingDeps, 'db' | 'table' | 'now' | 'newId'>;

export const documentKeyOf = (kind: TreasuryDocumentKind, documentId: string) => `${kind}#${documentId}`;

const toNote = (raw: Record<string, unknown>) => stripKeys(raw) as unknown as FollowUpNote;

function noteRecord(companyId: string, note: FollowUpNote) {
  return {
    ...keys.followUpNote(
      companyId,
      documentKeyOf(note.documentKind, note.documentId),
      note.createdAt,
      note.noteId,
    ),
    entity: 'TreasuryNote',
    v: SCHEMA_VERSION,
    companyId,
    ...note,
  };
}

export async function createNote(
  deps: Deps,
  companyId: string,
  body: CreateNoteBody,
  by: { userId: string; name: string | null },
): Promise<FollowUpNote> {
  const note: FollowUpNote = {
    noteId: deps.newId(),
    documentKind: body.documentKind,
    documentId: body.documentId,
    note: body.note,
    nextActionDate: body.nextActionDate ?? null,
    type: 'NOTE',
    createdAt: deps.now().toISOString(),
    createdBy: by.userId,
    createdByName: by.name,
  };
  await deps.db.send(new PutCommand({ TableName: deps.table, Item: noteRecord(companyId, note) }));
  return note;
}

/** A document's notes (or every note of the company), newest first. */
export async function listNotes(
  deps: Pick<BankingDeps, 'db' | 'table'>,
  companyId: string,
  document?: { kind: TreasuryDocumentKind; documentId: string },
): Promise<FollowUpNote[]> {
  const prefix = keys.followUpNotePrefix(
    companyId,
    document ? documentKeyOf(document.kind, document.documentId) : '',
  );
  const items = await queryPrefix(deps, prefix, { ScanIndexForward: false });
  return items.map(toNote).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export interface ReminderRecord {
  companyId: string;
  documentKind: TreasuryDocumentKind;
  documentId: string;
  day: string;
  to: string;
  sentAt: string;
  trigger: 'MANUAL' | 'SCHEDULE';
}

export async function listReminders(
  deps: Pick<BankingDeps, 'db' | 'table'>,
  companyId: string,
): Promise<ReminderRecord[]> {
  const items = await queryPrefix(deps, keys.paymentReminderPrefix(companyId));
  return items.map((i) => stripKeys(i) as unknown as ReminderRecord);
}

// --- settings ------------------------------------------------------------------------------------------

export const DEFAULT_TREASURY_SETTINGS = {
  remindersEnabled: false,
  reminderDelayDays: 3,
  reminderIntervalDays: 7,
};

export async function getTreasurySettings(
  deps: Pick<BankingDeps, 'db' | 'table'>,
  companyId: string,
): Promise<TreasurySettings> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.treasurySettings(companyId) }),
  );
  const stored = res.Item ? (stripKeys(res.Item) as unknown as Partial<TreasurySettings>) : {};
  return { companyId, ...DEFAULT_TREASURY_SETTINGS, updatedAt: null, ...stored };
}

export async function updateTreasurySettings(
  deps: Deps,
  companyId: string,
  body: TreasurySettingsBody,
): Promise<TreasurySettings> {
  const current = await getTreasurySettings(deps, companyId);
  const next: TreasurySettings = { ...current, ...body, companyId, updatedAt: deps.now().toISOString() };
  await deps.db.send(
    new PutCommand({
      TableName: deps.table,
      Item: { ...keys.treasurySettings(companyId), entity: 'TreasurySettings', v: SCHEMA_VERSION, ...next },
    }),
  );
  return next;
}

// --- reminders -----------------------------------------------------------------------------------------

const euros = (cents: number) =>
  new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** The reminder e-mail, in Spanish: the invoice, what is overdue and since when. */
export function reminderMail(input: {
  to: string;
  companyId: string;
  companyName: string;
  item: OpenItem;
  overdueCents: number;
  oldestDueDate: string;
}): MailMessage {
  const { item } = input;
  const subject = `Recordatorio de pago: factura ${item.number} de ${input.companyName}`;
  const text = [
    `Estimado cliente (${item.partyName}):`,
    '',
    `Le recordamos que la factura ${item.number}, de fecha ${formatDateEs(item.issueDate)}, tiene un importe ` +
      `vencido de ${euros(input.overdueCents)} desde el ${formatDateEs(input.oldestDueDate)} ` +
      `(pendiente total: ${euros(item.outstandingCents)}).`,
    '',
    'Si ya ha realizado el pago, por favor ignore este mensaje. En caso contrario, le agradeceremos que lo realice a la mayor brevedad.',
    '',
    'Un saludo,',
    input.companyName,
  ].join('\n');
  return { to: [input.to], subject, text, template: 'payment-reminder', companyId: input.companyId };
}

export async function companyName(
  deps: Pick<BankingDeps, 'db' | 'table'>,
  companyId: string,
): Promise<string> {
  const [company] = await getCompanies(deps, [companyId]);
  return company?.name ?? '';
}

/**
 * Sends one reminder of an overdue receivable (claim of the day + outbox mail + note). Answers null
 * when one was already sent that day (nothing written).
 */
export async function recordReminder(
  deps: Deps,
  input: {
    companyId: string;
    companyName: string;
    item: OpenItem;
    overdueCents: number;
    oldestDueDate: string;
    day: string;
    trigger: ReminderRecord['trigger'];
    by: { userId: string; name: string | null } | null;
  },
): Promise<{ note: FollowUpNote; to: string; sentAt: string } | null> {
  const { item } = input;
  if (!item.partyEmail) throw new AppError('BANK_CONFLICT', 'El cliente no tiene correo electrónico.');
  const sentAt = deps.now().toISOString();
  const documentKey = documentKeyOf(item.kind, item.documentId);
  const reminder: ReminderRecord = {
    companyId: input.companyId,
    documentKind: item.kind,
    documentId: item.documentId,
    day: input.day,
    to: item.partyEmail,
    sentAt,
    trigger: input.trigger,
  };
  const note: FollowUpNote = {
    noteId: deps.newId(),
    documentKind: item.kind,
    documentId: item.documentId,
    note: `Recordatorio de pago enviado a ${item.partyEmail} (${euros(input.overdueCents)} vencido).`,
    nextActionDate: null,
    type: 'REMINDER',
    createdAt: sentAt,
    createdBy: input.by?.userId ?? null,
    createdByName: input.by ? input.by.name : 'Envío automático',
  };
  const mail = reminderMail({ ...input, to: item.partyEmail });
  try {
    await deps.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: deps.table,
              Item: {
                ...keys.paymentReminder(input.companyId, documentKey, input.day),
                entity: 'PaymentReminder',
                v: SCHEMA_VERSION,
                ...reminder,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          { Put: { TableName: deps.table, Item: mailOutboxItem(deps.newId(), mail, deps.now()) } },
          { Put: { TableName: deps.table, Item: noteRecord(input.companyId, note) } },
        ],
      }),
    );
  } catch (e) {
    // Only the day's claim carries a condition: a reminder was already sent today.
    if (isTransactionCanceled(e) && failedConditionAt(e, 0)) return null;
    throw e;
  }
  return { note, to: item.partyEmail, sentAt };
}
