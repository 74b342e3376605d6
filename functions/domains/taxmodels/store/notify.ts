/**
 * Telling a company's clients that a model was published to them (issue 14 item 5: "publish each
 * result to its client: a notification and the document in the client's my-tax-documents"). The
 * recipients are the company's active CLIENTE members who may see tax documents (VIEW_TAX_DOCUMENTS,
 * the permission of my-tax-documents), each only if their own preferences allow in-app notifications
 * of the 'tax_deadlines' family (type `tax_model_published`). The items are returned for the
 * publication's own transaction: published and told, or neither.
 */

import { listCompanyMembers } from '@functions/lib/directory';
import {
  getNotificationPreferences,
  newNotificationId,
  newNotificationRecord,
  notificationCounterUpdate,
  notificationItem,
} from '@functions/lib/notifications';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { notificationCategoryOf } from '@shared/schemas/notifications';
import type { TaxModelView } from '@shared/schemas/tax-models';
import { taxModelNames } from '@shared/schemas/tax-profile';
import type { TaxModelsDeps } from './deps';

type Deps = Pick<TaxModelsDeps, 'db' | 'table' | 'now' | 'newId'>;

export const PUBLISHED_NOTIFICATION_TYPE = 'tax_model_published';
/** The client's page of published models. */
export const MY_TAX_DOCUMENTS_LINK = '/app/my-tax-documents';
/** 1 model update + 2 items per recipient stay under the 100 items of a TransactWriteItems. */
export const MAX_PUBLISH_RECIPIENTS = 45;

/** The clients told about a publication: active CLIENTE members with VIEW_TAX_DOCUMENTS, in-app on. */
export async function publicationRecipients(deps: Deps, companyId: string): Promise<string[]> {
  const clients = (await listCompanyMembers(deps, companyId))
    .filter((m) => m.isActive && m.companyRole === 'CLIENTE' && m.permissions.includes('VIEW_TAX_DOCUMENTS'))
    .map((m) => m.userId)
    .sort()
    .slice(0, MAX_PUBLISH_RECIPIENTS);
  const category = notificationCategoryOf(PUBLISHED_NOTIFICATION_TYPE);
  const allowed = await Promise.all(
    clients.map(async (userId) => {
      const p = await getNotificationPreferences(deps, userId);
      return p.channels.IN_APP && p.types[category] ? userId : undefined;
    }),
  );
  return allowed.filter((u): u is string => u !== undefined);
}

const resultText = (m: Pick<TaxModelView, 'result' | 'modelType'>): string => {
  const euros = (Math.abs(m.result.amountCents) / 100).toLocaleString('es-ES', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  switch (m.result.type) {
    case 'I':
    case 'U':
    case 'G':
      return `Resultado: a ingresar ${euros} €.`;
    case 'D':
    case 'X':
    case 'V':
      return `Resultado: a devolver ${euros} €.`;
    case 'C':
      return `Resultado: a compensar ${euros} €.`;
    case 'N':
      return 'Resultado: sin actividad.';
    default:
      return `Importe total declarado: ${euros} €.`;
  }
};

/** The notification items (and unread counters) of a publication, one per recipient. */
export function publicationNotificationItems(
  deps: Deps,
  model: Pick<TaxModelView, 'companyId' | 'modelType' | 'year' | 'period' | 'result'>,
  recipients: readonly string[],
): TransactItem[] {
  const now = deps.now();
  const title = `Modelo ${model.modelType} ${model.period === '0A' ? model.year : `${model.period} ${model.year}`} disponible`;
  const message = `Tu gestoría ha publicado el modelo ${model.modelType} (${taxModelNames[model.modelType]}). ${resultText(model)}`;
  return recipients.flatMap((userId) => {
    const record = newNotificationRecord(
      {
        userId,
        companyId: model.companyId,
        type: PUBLISHED_NOTIFICATION_TYPE,
        title,
        message,
        severity: 'info',
        link: MY_TAX_DOCUMENTS_LINK,
      },
      newNotificationId(now, deps.newId()),
      now,
    );
    return [
      {
        Put: {
          TableName: deps.table,
          Item: notificationItem(record),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      notificationCounterUpdate(deps.table, { userId, companyId: model.companyId }, 1),
    ];
  });
}
