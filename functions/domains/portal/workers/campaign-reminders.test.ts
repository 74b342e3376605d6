/**
 * The `campaign-reminders` schedule over the in-memory table: only incomplete companies are
 * reminded, each level once (a second run the same day sends nothing), overdue reminders every 3
 * days also tell the campaign's gestor, closed campaigns and complete companies get nothing.
 */

import { createLogger } from '@functions/platform/logger';
import { describe, expect, it } from 'vitest';
import { getCampaign, getTarget } from '../store/campaigns';
import { closeCampaign, createCampaign, sendCampaign, setCampaignItem } from '../store/campaigns-workflow';
import { CLIENT, CLIENT2, CO, CO2, GESTOR, OUTSIDER, setPreferences } from '../testing/fixtures';
import { portalFixture } from '../testing/portal-fixture';
import { runCampaignReminders } from './campaign-reminders';

const { table, deps } = portalFixture();
const log = createLogger({ test: 'campaign-reminders' });
const gestor = { userId: GESTOR, isAdmin: false };

/** 09:00 Madrid (08:00Z in March) of a day. */
const at = (day: string) => new Date(`${day}T08:00:00.000Z`);

const sent = (type: string) =>
  table.all('Notification').filter((n) => n.type === type) as unknown as {
    userId: string;
    companyId: string;
    message: string;
  }[];

/** A campaign due Tuesday 2026-03-17, sent on T0 (Tuesday 2026-03-10); the workshop (CO2) complete. */
async function campaign() {
  const c = await createCampaign(deps, gestor, {
    name: 'Documentación 1T',
    period: '2026-Q1',
    dueDate: '2026-03-17',
    companyIds: [CO, CO2],
    items: [{ kind: 'BANK_STATEMENTS', minDocuments: 3 }],
  });
  const record = (await getCampaign(deps, c.campaignId))!;
  await sendCampaign(deps, record);
  await setCampaignItem(deps, gestor, record, CO2, 'i1', { status: 'CLOSED_MANUALLY' });
  return c.campaignId;
}

describe('runCampaignReminders', () => {
  it('escalates for the incomplete company only, each level once', async () => {
    const id = await campaign();
    const run = (day: string) => runCampaignReminders(deps, at(day), log);
    expect((await run('2026-03-10')).reminded).toBe(0); // sent today
    expect(await run('2026-03-11')).toMatchObject({ campaigns: 1, reminded: 1, complete: 1 });
    const first = sent('document_request_reminder');
    expect(first.map((n) => n.userId).sort()).toEqual([CLIENT, CLIENT2]);
    expect(first.every((n) => n.companyId === CO)).toBe(true);
    expect(first[0]!.message).toContain('Quedan 6 días');
    expect(table.all('Notification').some((n) => n.userId === OUTSIDER)).toBe(false);
    // Same day again, and the next day (still level 1): nothing.
    expect((await run('2026-03-11')).reminded).toBe(0);
    expect((await run('2026-03-12')).reminded).toBe(0);
    expect(sent('document_request_reminder')).toHaveLength(2);
    expect((await run('2026-03-16')).reminded).toBe(1); // level 2
    expect((await run('2026-03-17')).reminded).toBe(1); // level 3: the due date
    expect(sent('document_request_reminder').at(-1)!.message).toContain('Hoy es la fecha límite');
    expect((await run('2026-03-17')).reminded).toBe(0);
    expect(sent('document_request_overdue')).toHaveLength(0);
    expect((await run('2026-03-18')).reminded).toBe(1); // overdue: the gestor hears of it
    const overdue = sent('document_request_overdue');
    expect(overdue).toHaveLength(1);
    expect(overdue[0]).toMatchObject({ userId: GESTOR, companyId: CO });
    expect(overdue[0]!.message).toContain('Panadería Test');
    expect((await run('2026-03-19')).reminded).toBe(0);
    expect((await run('2026-03-20')).reminded).toBe(0);
    expect((await run('2026-03-21')).reminded).toBe(1); // 3 days after the last overdue one
    expect(sent('document_request_overdue')).toHaveLength(2);
    expect(sent('document_request_reminder')).toHaveLength(2 * 5);
    expect((await getTarget(deps, id, CO))!).toMatchObject({
      remindersSent: 4,
      lastOverdueDay: '2026-03-21',
    });
    expect((await getTarget(deps, id, CO2))!.remindersSent).toBe(0);
  });

  it('two runs racing send once (the claim), and preferences are honoured', async () => {
    await campaign();
    setPreferences(table, CLIENT2, { IN_APP: false });
    await Promise.all([
      runCampaignReminders(deps, at('2026-03-11'), log),
      runCampaignReminders(deps, at('2026-03-11'), log),
    ]);
    expect(sent('document_request_reminder').map((n) => n.userId)).toEqual([CLIENT]);
  });

  it('a company completed meanwhile, or a closed campaign, gets nothing', async () => {
    const id = await campaign();
    await setCampaignItem(deps, gestor, (await getCampaign(deps, id))!, CO, 'i1', {
      status: 'CLOSED_MANUALLY',
    });
    expect(await runCampaignReminders(deps, at('2026-03-11'), log)).toMatchObject({
      reminded: 0,
      complete: 2,
    });
    await setCampaignItem(deps, gestor, (await getCampaign(deps, id))!, CO, 'i1', { status: 'MISSING' });
    await closeCampaign(deps, (await getCampaign(deps, id))!);
    expect(await runCampaignReminders(deps, at('2026-03-11'), log)).toMatchObject({
      campaigns: 0,
      reminded: 0,
    });
    expect(sent('document_request_reminder')).toHaveLength(0);
  });

  it('campaigns due more than a week ahead are not read', async () => {
    await campaign();
    expect((await runCampaignReminders(deps, at('2026-03-09'), log)).campaigns).toBe(0);
  });
});
