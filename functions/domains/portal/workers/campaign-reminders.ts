/**
 * The `campaign-reminders` schedule (weekdays 09:00 Europe/Madrid, infra/manifest.ts): the clients
 * of each company with items still missing in an ACTIVE campaign are reminded as its deadline
 * nears, escalating (model/campaign-escalation.ts has the rules: level 1 a week before, 2 three days
 * before, 3 on the due date, 4 overdue every 3 days, which also tells the campaign's gestor with
 * `document_request_overdue` naming the company). Companies with every item received or closed
 * get nothing.
 *
 * Only campaigns due within a week or overdue are read (sparse gsi2 `CAMPAIGNS#ACTIVE` up to today
 * + 7). Per company, ONE transaction: the claim (keys.campaignReminderClaim: per level, per day
 * when overdue; attribute_not_exists), the target's next revision (level reached, last reminder) and the
 * notifications: a second run, or one racing this one, fails the claim and sends nothing.
 * The event's `time` is the run's "now" (the local cloud's runSchedule(name, at) sets it).
 */

import { once } from '@functions/platform/aws/env';
import type { Logger } from '@functions/platform/logger';
import { scheduledHandler, workerErrorFields } from '@functions/platform/workers';
import { keys } from '@shared/db/keys';
import type { Context } from 'aws-lambda';
import { targetProgress } from '../model/campaign';
import { reminderDue } from '../model/campaign-escalation';
import { madridDay } from '../model/time';
import { activeCampaignsDueBy, changeTarget, claimPut, listTargets } from '../store/campaigns';
import { campaignLink, clientMembers, clientRequestsLink, noticesTo } from '../store/campaigns-notify';
import { overdueText, reminderText } from '../store/campaigns-workflow';
import { makeDeps, type PortalDeps } from '../store/deps';
import { runInstant } from './send-reminders';

type Deps = Pick<PortalDeps, 'db' | 'table' | 'newId'>;

export interface CampaignReminderRun {
  campaigns: number;
  reminded: number;
  /** Incomplete companies with no reminder due today (or claimed by another run). */
  notDue: number;
  complete: number;
  failed: number;
}

const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export async function runCampaignReminders(deps: Deps, now: Date, log: Logger): Promise<CampaignReminderRun> {
  const today = madridDay(now);
  const campaigns = await activeCampaignsDueBy(deps, plusDays(today, 7));
  const out: CampaignReminderRun = {
    campaigns: campaigns.length,
    reminded: 0,
    notDue: 0,
    complete: 0,
    failed: 0,
  };
  for (const c of campaigns) {
    let targets: Awaited<ReturnType<typeof listTargets>>;
    try {
      targets = await listTargets(deps, c.campaignId);
    } catch (e) {
      out.failed++;
      log.error('Campaign targets not read', { campaignId: c.campaignId, ...workerErrorFields(e) });
      continue;
    }
    for (const t of targets) {
      if (targetProgress(t.items).complete) {
        out.complete++;
        continue;
      }
      try {
        const res = await changeTarget(deps, c.campaignId, t.companyId, async (before) => {
          if (before.status !== 'ACTIVE' || targetProgress(before.items).complete) return { kind: 'none' };
          const due = reminderDue({
            today,
            dueDate: before.dueDate,
            levelReached: before.remindersSent,
            lastOverdueDay: before.lastOverdueDay,
            sentDay: before.sentAt ? madridDay(before.sentAt) : null,
          });
          if (!due) return { kind: 'none' };
          const clients = await clientMembers(deps, before.companyId);
          const effects = [
            claimPut(
              deps,
              before,
              keys.campaignReminderClaim(before.campaignId, before.companyId, due.level, due.overdueDay),
              now,
              { level: due.level },
            ),
            ...(await noticesTo(deps, now, clients, {
              companyId: before.companyId,
              type: 'document_request_reminder',
              severity: due.level >= 3 ? 'warning' : 'info',
              link: clientRequestsLink(before.campaignId),
              ...reminderText(before, today, due.level),
            })),
            ...(due.level === 4
              ? await noticesTo(deps, now, [before.ownerUserId], {
                  companyId: before.companyId,
                  type: 'document_request_overdue',
                  severity: 'warning',
                  link: campaignLink(before.campaignId),
                  ...overdueText(before),
                })
              : []),
          ];
          return {
            kind: 'write',
            after: {
              ...before,
              remindersSent: Math.max(before.remindersSent, due.level),
              lastReminderAt: now.toISOString(),
              lastOverdueDay: due.level === 4 ? today : before.lastOverdueDay,
            },
            effects,
          };
        });
        if (res.outcome === 'written') out.reminded++;
        else out.notDue++;
      } catch (e) {
        out.failed++;
        log.error('Campaign reminder failed', {
          campaignId: c.campaignId,
          companyId: t.companyId,
          ...workerErrorFields(e),
        });
      }
    }
  }
  log.info('Campaign reminders run', { ...out });
  return out;
}

const deps = once(makeDeps);

export const handler = (event: unknown, context?: Context) =>
  scheduledHandler(async (ctx) => {
    const { failed } = await runCampaignReminders(deps(), runInstant(event, ctx.now), ctx.log);
    if (failed > 0) throw new Error(`${failed} campaign reminders failed`);
  })(event, context);
