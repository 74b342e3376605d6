import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { type ReminderResult, SendReminderBody } from '@shared/schemas/treasury';
import type { BankingDeps } from '../store/deps';
import { getOpenItem } from '../store/open-items';
import { companyName, recordReminder } from '../store/treasury';
import { todayOf } from '../store/treasury-inputs';
import { overdueOf } from '../store/treasury-views';

/**
 * POST treasury/reminders: e-mails the customer a payment reminder of an overdue issued invoice now
 * (through the mail outbox) and records it as a follow-up note. At most one per invoice and day.
 */
export const treasurySendReminderRoute = defineCompanyAction({
  body: SendReminderBody,
  run: async ({ auth, scope, body }, deps: BankingDeps): Promise<ReminderResult> => {
    const item = await getOpenItem(deps, scope.companyId, 'INV', body.documentId);
    if (!item) throw new AppError('CORE_006', 'La factura no existe.');
    const today = todayOf(deps);
    const { overdueCents, oldestDueDate } = overdueOf(item, today);
    if (item.status !== 'OPEN' || overdueCents <= 0 || !oldestDueDate)
      throw new AppError('BANK_CONFLICT', 'La factura no está vencida.');
    if (!item.partyEmail) throw new AppError('BANK_CONFLICT', 'El cliente no tiene correo electrónico.');
    const sent = await recordReminder(deps, {
      companyId: scope.companyId,
      companyName: await companyName(deps, scope.companyId),
      item,
      overdueCents,
      oldestDueDate,
      day: today,
      trigger: 'MANUAL',
      by: { userId: auth.userId, name: auth.username },
    });
    if (!sent) throw new AppError('BANK_CONFLICT', 'Ya se ha enviado un recordatorio de esta factura hoy.');
    return { documentId: item.documentId, to: sent.to, sentAt: sent.sentAt, note: sent.note };
  },
});
