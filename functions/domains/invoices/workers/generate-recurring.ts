/**
 * Schedule `recurring-invoices` (daily, 06:00 Madrid): generates every occurrence that is due
 * (occurrence date − the company's days in advance ≤ today in Europe/Madrid). No Scan: one Query
 * on the sparse gsi2 entry of active templates (store/recurring.ts `templatesDueBy`). Missed
 * occurrences (the schedule was down) are generated one by one up to today. Each occurrence is
 * claimed in the transaction that writes its invoice, so a re-run or an overlapping run creates
 * nothing twice. A refusal is recorded as a FAILED generation with its Spanish reason; the template
 * stays on that occurrence and the next run (or "generar ahora") tries it again. An occurrence of a
 * confirming mode whose confirmation is refused (VeriFacTu mandatory and the company cannot send
 * its records: model/verifactu-readiness.ts) stays a draft with the reason. Either way the company's
 * staff are told once per occurrence (when the settings ask for it).
 */

import { listCompanyMembers } from '@functions/lib/directory';
import { notifyUser } from '@functions/lib/notifications';
import { type ScheduledContext, scheduledHandler, workerErrorFields } from '@functions/platform/workers';
import type { AppError } from '@shared/api/errors';
import {
  MAX_DAYS_IN_ADVANCE,
  type RecurringGeneration,
  type RecurringSettings,
} from '@shared/schemas/recurring-invoices';
import { generateOccurrence, type SendInvoice } from '../actions/generate-recurring-invoice';
import { recurringSettingsOf } from '../actions/get-recurring-settings';
import { sendRecurringInvoice } from '../actions/send-recurring-invoice';
import { madridDate } from '../model/payments';
import { addDays } from '../model/recurrence';
import { isDue } from '../model/recurring-template';
import { type InvoicesDeps, makeDeps } from '../store/deps';
import { getTemplate, recordFailure, templatesDueBy } from '../store/recurring';

export interface GenerateRecurringResult {
  generated: number;
  /** Of the generated: occurrences of a confirming mode left as drafts because confirming was refused. */
  notConfirmed: number;
  failed: number;
  /** Occurrences another run had already generated. */
  skipped: number;
  /** Templates that stopped on an unexpected error (retried by the next run). */
  errors: number;
}

/** A template never generates more than this many occurrences in one run (ten years of a monthly one). */
export const MAX_CATCH_UP = 120;
/** Time kept in hand for one more occurrence and the final log line. */
const SAFETY_MARGIN_MS = 10_000;

type Context = Pick<ScheduledContext, 'log' | 'now' | 'remainingMs'>;

/** Generates a template's due occurrences, oldest first, until one is not due, fails or the time runs out. */
async function catchUp(
  deps: InvoicesDeps,
  ref: { companyId: string; templateId: string },
  settings: RecurringSettings,
  today: string,
  ctx: Context,
  send: SendInvoice | undefined,
  result: GenerateRecurringResult,
): Promise<void> {
  let taken: string | undefined;
  for (let i = 0; i < MAX_CATCH_UP && ctx.remainingMs() >= SAFETY_MARGIN_MS; i++) {
    const template = await getTemplate(deps, ref.companyId, ref.templateId);
    if (!template?.isActive || !template.nextRunDate) return;
    if (!isDue(template.nextRunDate, today, settings.daysInAdvance)) return;
    // Taken twice on the same occurrence: someone else is on it; leave it to them.
    if (taken === template.nextRunDate) return;
    const outcome = await generateOccurrence(deps, template, settings, { trigger: 'SCHEDULE', send });
    if (outcome.kind === 'none') return;
    if (outcome.kind === 'taken') {
      result.skipped += 1;
      taken = template.nextRunDate;
      continue;
    }
    if (outcome.kind === 'failed') {
      result.failed += 1;
      const first = await recordFailure(deps, outcome.generation);
      ctx.log.warn('Recurring invoice not generated', {
        companyId: ref.companyId,
        templateId: ref.templateId,
        occurrenceDate: outcome.generation.occurrenceDate,
        reason: outcome.error.message,
        firstFailure: first,
      });
      // Told once per occurrence (its first failure), not again on every daily retry.
      if (first && settings.notifyOnFailure) await notifyStaff(deps, failureNotice(outcome.generation), ctx);
      return;
    }
    result.generated += 1;
    if (!outcome.notConfirmed) continue;
    result.notConfirmed += 1;
    ctx.log.warn('Recurring invoice generated as a draft: confirmation refused', {
      companyId: ref.companyId,
      templateId: ref.templateId,
      occurrenceDate: outcome.generation.occurrenceDate,
      reason: outcome.notConfirmed.message,
    });
    // This run's write claimed the occurrence, so its draft is told once, never on a re-run.
    if (settings.notifyOnFailure)
      await notifyStaff(deps, draftNotice(outcome.generation, outcome.notConfirmed), ctx);
  }
}

interface Notice {
  companyId: string;
  title: string;
  message: string;
  link: string;
}

/** The company goes in the link: the user may have another company selected when opening it. */
const dashboardLink = (companyId: string) =>
  `/app/invoices/recurring/dashboard?company=${encodeURIComponent(companyId)}`;

const failureNotice = (g: RecurringGeneration): Notice => ({
  companyId: g.companyId,
  title: 'Factura recurrente no generada',
  message: `No se ha podido generar la factura de «${g.templateName}» del ${formatIsoDate(g.occurrenceDate)}: ${g.reason ?? 'error desconocido'}`,
  link: dashboardLink(g.companyId),
});

/** A refusal that says where to fix it (VeriFacTu's configuration page) links there. */
const draftNotice = (g: RecurringGeneration, why: AppError): Notice => {
  const fix = why.details?.link;
  return {
    companyId: g.companyId,
    title: 'Factura recurrente sin confirmar',
    message: `La factura de «${g.templateName}» del ${formatIsoDate(g.occurrenceDate)} se ha creado como borrador, pero no se ha podido confirmar: ${why.message}`,
    link: typeof fix === 'string' ? fix : dashboardLink(g.companyId),
  };
};

/** The company's staff (not its CLIENTE users) hear that an occurrence did not go as configured. */
async function notifyStaff(deps: InvoicesDeps, notice: Notice, ctx: Context): Promise<void> {
  const staff = (await listCompanyMembers(deps, notice.companyId)).filter(
    (m) => m.isActive && m.companyRole !== 'CLIENTE',
  );
  for (const member of staff) {
    try {
      await notifyUser(deps, {
        userId: member.userId,
        companyId: notice.companyId,
        type: 'invoice_recurring_failed',
        title: notice.title,
        message: notice.message,
        severity: 'warning',
        link: notice.link,
      });
    } catch (e) {
      // The failure is recorded on the generation already; a lost notification must not stop the run.
      ctx.log.error('Recurring failure notification not created', {
        userId: member.userId,
        ...workerErrorFields(e),
      });
    }
  }
}

const formatIsoDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export async function generateRecurring(
  deps: InvoicesDeps,
  ctx: Context,
  send: SendInvoice | undefined = sendRecurringInvoice,
): Promise<GenerateRecurringResult> {
  const result: GenerateRecurringResult = {
    generated: 0,
    notConfirmed: 0,
    failed: 0,
    skipped: 0,
    errors: 0,
  };
  const today = madridDate(ctx.now);
  const settingsByCompany = new Map<string, RecurringSettings>();
  // Every company's advance is at most MAX_DAYS_IN_ADVANCE: one Query covers them all.
  for (const t of await templatesDueBy(deps, addDays(today, MAX_DAYS_IN_ADVANCE))) {
    if (ctx.remainingMs() < SAFETY_MARGIN_MS) {
      // What is left stays in the index: the next run (or a manual one) continues.
      ctx.log.warn('Recurring generation stopped before the timeout', { ...result });
      break;
    }
    try {
      let settings = settingsByCompany.get(t.companyId);
      if (!settings) {
        settings = await recurringSettingsOf(deps, t.companyId);
        settingsByCompany.set(t.companyId, settings);
      }
      if (!t.nextRunDate || !isDue(t.nextRunDate, today, settings.daysInAdvance)) continue;
      await catchUp(deps, t, settings, today, ctx, send, result);
    } catch (e) {
      result.errors += 1;
      ctx.log.error('Recurring template could not be processed', {
        companyId: t.companyId,
        templateId: t.templateId,
        ...workerErrorFields(e),
      });
    }
  }
  ctx.log.info('Recurring generation finished', { ...result });
  return result;
}

export const handler = scheduledHandler(async (ctx) => {
  const { errors } = await generateRecurring(makeDeps(), ctx);
  if (errors > 0) throw new Error(`${errors} recurring templates could not be processed`);
});
