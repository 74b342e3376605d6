/**
 * Telling a company's staff about one step of a fiscal alert EXACTLY ONCE (issue 13 item 4): in the
 * app (bell and WebSocket, through the notifications the table stream pushes) and by e-mail (mail
 * outbox), as each recipient's preferences say.
 *
 * One TransactWrite holds the claim `keys.taxAlertSent(company, alert, step)` (attribute_not_exists),
 * the alert's `notifiedStep`, every notification with its unread counter update, and every mail
 * outbox item: a second run (or a
 * retried one) fails the claim's condition and writes nothing, so nobody is told twice, and a
 * failure writes nothing, so nobody is told never. The claim is also the history of what was sent.
 */

import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { listCompanyMembers, queryPrefix } from '@functions/lib/directory';
import {
  getNotificationPreferences,
  newNotificationId,
  newNotificationRecord,
  notificationCounterUpdate,
  notificationItem,
} from '@functions/lib/notifications';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { failedConditionAt, isTransactionCanceled } from '@functions/platform/aws/dynamodb-errors';
import { keys } from '@shared/db/keys';
import { type MailMessage, mailOutboxItem } from '@shared/db/outbox';
import { SCHEMA_VERSION, stripKeys, type UserProfile } from '@shared/db/records';
import { type AlertPlan, formatDateEs, periodLabel, type TaxObligation } from '@shared/fiscal/fiscal-alerts';
import type { NotificationSeverity } from '@shared/schemas/notifications';
import type { TaxNotificationConfig, TaxNotificationSent } from '@shared/schemas/tax';
import { taxModelNames } from '@shared/schemas/tax-profile';
import type { TaxDeps } from './deps';

/** The history of what was sent is kept 400 days (DynamoDB TTL): a year of steps and a margin. */
export const SENT_TTL_DAYS = 400;
/**
 * At most this many recipients per alert step: the claim, the alert's mark and 3 items per
 * recipient (notification, counter, mail) stay under the 100 items of a TransactWriteItems.
 */
export const MAX_RECIPIENTS = 30;

/** One person the company's alerts go to, with the channels their preferences allow. */
export interface AlertRecipient {
  userId: string;
  email: string | null;
  inApp: boolean;
  byEmail: boolean;
}

type NotifyDeps = Pick<TaxDeps, 'db' | 'table' | 'now' | 'newId' | 'appUrl'>;

async function userProfile(deps: NotifyDeps, userId: string): Promise<UserProfile | undefined> {
  const res = await deps.db.send(new GetCommand({ TableName: deps.table, Key: keys.userProfile(userId) }));
  return res.Item ? (stripKeys(res.Item) as unknown as UserProfile) : undefined;
}

/**
 * The company's active members whose company role the config names (owners, gestores, members;
 * never a CLIENTE), each with the channels allowed by their own preferences: the IN_APP / EMAIL
 * channel and the 'tax_deadlines' family on, e-mail also only when the company config has it on
 * and the user has an address. Capped at MAX_RECIPIENTS (by user id, so the same ones each day);
 * `omitted` says how many were left out.
 */
export async function listAlertRecipients(
  deps: NotifyDeps,
  companyId: string,
  config: TaxNotificationConfig,
): Promise<{ recipients: AlertRecipient[]; omitted: number }> {
  const members = (await listCompanyMembers(deps, companyId))
    .filter(
      (m) =>
        m.isActive &&
        m.companyRole !== 'CLIENTE' &&
        (config.recipients as readonly string[]).includes(m.companyRole),
    )
    .sort((a, b) => a.userId.localeCompare(b.userId));
  const chosen = members.slice(0, MAX_RECIPIENTS);
  const recipients = await Promise.all(
    chosen.map(async (m): Promise<AlertRecipient | undefined> => {
      const [profile, preferences] = await Promise.all([
        userProfile(deps, m.userId),
        getNotificationPreferences(deps, m.userId),
      ]);
      // A deactivated account is told nothing.
      if (profile && !profile.isActive) return undefined;
      const family = preferences.types.tax_deadlines;
      const email = profile?.email ?? null;
      return {
        userId: m.userId,
        email,
        inApp: family && preferences.channels.IN_APP,
        byEmail: family && preferences.channels.EMAIL && config.email && email !== null,
      };
    }),
  );
  return {
    recipients: recipients.filter((r): r is AlertRecipient => r !== undefined),
    omitted: members.length - chosen.length,
  };
}

/** The notification type (its `tax_` prefix puts it in the 'tax_deadlines' family). */
export function notificationTypeOf(plan: Pick<AlertPlan, 'alertId' | 'type'>): string {
  if (plan.alertId === 'summary') return 'tax_summary';
  return `tax_${plan.type}`;
}

function severityOf(plan: Pick<AlertPlan, 'type' | 'priority'>): NotificationSeverity {
  if (plan.type === 'submitted' || plan.type === 'generated') return 'success';
  if (plan.type === 'error' || plan.type === 'overdue' || plan.priority === 'critical') return 'error';
  return plan.priority === 'high' ? 'warning' : 'info';
}

/** The e-mail of an alert step, in Spanish: the company, the model, the period, the dates, the link. */
export function alertMail(input: {
  to: string;
  companyId: string;
  companyName: string;
  plan: AlertPlan;
  obligation: TaxObligation | null;
  appUrl: string;
}): MailMessage {
  const { plan, obligation: o, companyName } = input;
  const link = `${input.appUrl.replace(/\/+$/, '')}${plan.actionUrl}`;
  const facts = o
    ? [
        `Empresa: ${companyName}`,
        `Modelo: ${o.modelType} (${taxModelNames[o.modelType]})`,
        `Periodo: ${periodLabel(o.modelType, o.period, o.year)}`,
        `Fecha límite de presentación: ${formatDateEs(o.dueDate)}`,
        ...(o.paidByDomiciliation && o.domiciliationDueDate
          ? [`Fecha límite para domiciliar el pago: ${formatDateEs(o.domiciliationDueDate)}`]
          : []),
      ]
    : [`Empresa: ${companyName}`];
  const text = [
    'Hola:',
    '',
    plan.title,
    '',
    ...facts,
    '',
    plan.message,
    '',
    `Ver en Cuadra: ${link}`,
    '',
    'Recibes este aviso porque tus preferencias de notificación incluyen los vencimientos fiscales.',
    'Puedes cambiarlas en Cuadra, en Notificaciones > Preferencias.',
  ].join('\n');
  return {
    to: [input.to],
    subject: `${companyName}: ${plan.title}`,
    text,
    template: 'tax-alert',
    companyId: input.companyId,
  };
}

export interface NotifyStepInput {
  companyId: string;
  companyName: string;
  plan: AlertPlan;
  /** The alert's obligation (null for the summary alert). */
  obligation: TaxObligation | null;
  recipients: AlertRecipient[];
}

/** Records on the alert item that its step was told (`notifiedStep`), so later runs skip it. */
const markNotified = (table: string, companyId: string, plan: AlertPlan): TransactItem => ({
  Update: {
    TableName: table,
    Key: keys.taxAlert(companyId, plan.alertId),
    UpdateExpression: 'SET notifiedStep = :step',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':step': plan.step },
  },
});

export interface NotifyStepResult {
  /** False: this alert step had been notified before (the claim exists); nothing was written. */
  sent: boolean;
  inApp: number;
  emails: number;
}

/** Tells the recipients about the alert's current step, unless that step was told before. */
export async function notifyAlertStep(deps: NotifyDeps, input: NotifyStepInput): Promise<NotifyStepResult> {
  const { companyId, plan } = input;
  const now = deps.now();
  const recipients = input.recipients.slice(0, MAX_RECIPIENTS);
  const items: TransactItem[] = [];
  let inApp = 0;
  let emails = 0;
  for (const r of recipients) {
    if (r.inApp) {
      const record = newNotificationRecord(
        {
          userId: r.userId,
          companyId,
          type: notificationTypeOf(plan),
          title: plan.title,
          message: plan.message,
          severity: severityOf(plan),
          link: plan.actionUrl,
          emailSent: r.byEmail,
        },
        newNotificationId(now, deps.newId()),
        now,
      );
      items.push(
        {
          Put: {
            TableName: deps.table,
            Item: notificationItem(record),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        notificationCounterUpdate(deps.table, { userId: r.userId, companyId }, 1),
      );
      inApp++;
    }
    if (r.byEmail && r.email) {
      const mail = alertMail({
        to: r.email,
        companyId,
        companyName: input.companyName,
        plan,
        obligation: input.obligation,
        appUrl: deps.appUrl,
      });
      items.push({ Put: { TableName: deps.table, Item: mailOutboxItem(deps.newId(), mail, now) } });
      emails++;
    }
  }
  const sent: TaxNotificationSent = {
    alertId: plan.alertId,
    step: plan.step,
    title: plan.title,
    priority: plan.priority,
    sentAt: now.toISOString(),
    recipients: recipients.map((r) => ({
      userId: r.userId,
      inApp: r.inApp,
      email: r.byEmail && r.email !== null,
    })),
  };
  const claim: TransactItem = {
    Put: {
      TableName: deps.table,
      Item: {
        ...keys.taxAlertSent(companyId, plan.alertId, plan.step),
        entity: 'TaxAlertSent',
        v: SCHEMA_VERSION,
        companyId,
        ...sent,
        ttl: Math.floor(now.getTime() / 1000) + SENT_TTL_DAYS * 24 * 3600,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
  const mark = markNotified(deps.table, companyId, plan);
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: [claim, mark, ...items] }));
  } catch (e) {
    if (!(isTransactionCanceled(e) && failedConditionAt(e, 0))) throw e;
    // The claim (item 0) exists: this step was told before (by a run that stopped before the
    // alert item knew it). Nothing is sent; the alert item learns it, so later runs skip it.
    await deps.db.send(new UpdateCommand(mark.Update!));
    return { sent: false, inApp: 0, emails: 0 };
  }
  return { sent: true, inApp, emails };
}

/** Every alert step notified for the company (the history), newest first. */
export async function listSentNotifications(
  deps: Pick<TaxDeps, 'db' | 'table'>,
  companyId: string,
): Promise<TaxNotificationSent[]> {
  const items = await queryPrefix(deps, keys.taxAlertSentPrefix(companyId));
  return items
    .map((item) => {
      const s = item as unknown as TaxNotificationSent;
      return {
        alertId: s.alertId,
        step: s.step,
        title: s.title,
        priority: s.priority,
        sentAt: s.sentAt,
        recipients: s.recipients,
      };
    })
    .sort((a, b) => (a.sentAt < b.sentAt ? 1 : a.sentAt > b.sentAt ? -1 : 0));
}
