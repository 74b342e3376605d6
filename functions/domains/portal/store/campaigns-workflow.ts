/**
 * What a gestor does with a campaign (actions/campaigns.ts calls these): create it (DRAFT, targets
 * with the items given or suggested by each company's tax profile), send it (ACTIVE: each target on
 * the company's active index with its clients told, then ticked with what they already uploaded),
 * remind now, close it, close or reopen an item. Caller checks (owner, membership) happen here so
 * the seed and the tests go through the same rules as the API.
 */

import { BatchGetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import type {
  CampaignDetail,
  CampaignItemInput,
  CampaignRemindResult,
  CampaignSuggestion,
  CreateCampaignBody,
  SetCampaignItemBody,
} from '@shared/schemas/campaigns';
import type { TaxProfile } from '@shared/schemas/tax-profile';
import {
  type CampaignRecord,
  MAX_ITEMS,
  newItems,
  periodSpan,
  setItemStatus,
  type TargetRecord,
  targetProgress,
  toCampaign,
  toTarget,
} from '../model/campaign';
import { suggestItems, suggestionInputs } from '../model/campaign-suggest';
import { dateEs, madridDay } from '../model/time';
import {
  campaignItem,
  changeTarget,
  claimPut,
  getCampaign,
  listTargets,
  moveCampaignStatus,
  targetItem,
} from './campaigns';
import { clientMembers, clientRequestsLink, noticesTo } from './campaigns-notify';
import { backfillTarget } from './campaigns-ticks';
import type { PortalDeps } from './deps';

type Db = Pick<PortalDeps, 'db' | 'table'>;

export interface Caller {
  userId: string;
  isAdmin: boolean;
}

/** GetItem in bulk (100 keys a call, unprocessed keys asked again); answers by `pk|sk`. */
export async function batchGet(
  deps: Db,
  ks: { pk: string; sk: string }[],
): Promise<Map<string, Record<string, unknown>>> {
  const out = new Map<string, Record<string, unknown>>();
  for (let i = 0; i < ks.length; i += 100) {
    let pending: Record<string, unknown>[] | undefined = ks.slice(i, i + 100);
    for (let round = 0; pending && pending.length > 0 && round < 8; round++) {
      const res = await deps.db.send(
        new BatchGetCommand({ RequestItems: { [deps.table]: { Keys: pending, ConsistentRead: true } } }),
      );
      for (const item of res.Responses?.[deps.table] ?? []) out.set(`${item.pk}|${item.sk}`, item);
      pending = res.UnprocessedKeys?.[deps.table]?.Keys as Record<string, unknown>[] | undefined;
    }
    if (pending && pending.length > 0) throw new Error('BatchGet left keys unprocessed');
  }
  return out;
}

const at = (m: Map<string, Record<string, unknown>>, k: { pk: string; sk: string }) =>
  m.get(`${k.pk}|${k.sk}`);

/**
 * The companies' names, when the caller is an active GESTOR or OWNER member of every one (an ADMIN
 * needs only that they exist). A company failing the check is 403 CORE_003, the same as one that
 * does not exist, so ids cannot be probed.
 */
export async function checkTargetCompanies(
  deps: Db,
  caller: Caller,
  companyIds: readonly string[],
): Promise<Map<string, { name: string; nif: string | null }>> {
  const got = await batchGet(deps, [
    ...companyIds.map((c) => keys.company(c)),
    ...companyIds.map((c) => keys.membership(c, caller.userId)),
  ]);
  const out = new Map<string, { name: string; nif: string | null }>();
  for (const companyId of companyIds) {
    const company = at(got, keys.company(companyId));
    const m = at(got, keys.membership(companyId, caller.userId));
    const manages = m && m.isActive !== false && (m.companyRole === 'GESTOR' || m.companyRole === 'OWNER');
    if (!company || (!manages && !caller.isAdmin))
      throw new AppError('CORE_003', `No gestionas la empresa ${companyId}.`, {
        field: 'companyIds',
        details: { companyId },
      });
    out.set(companyId, {
      name: typeof company.name === 'string' ? company.name : companyId,
      nif: typeof company.nif === 'string' ? company.nif : null,
    });
  }
  return out;
}

/** The suggestions for one company (GET document-campaigns/suggestions). */
export async function suggestionsFor(
  deps: Db,
  caller: Caller,
  companyId: string,
  period: string,
): Promise<CampaignSuggestion[]> {
  await checkTargetCompanies(deps, caller, [companyId]);
  const got = await batchGet(deps, [keys.taxProfile(companyId)]);
  return suggestItems((at(got, keys.taxProfile(companyId)) as unknown as TaxProfile) ?? null, period);
}

export async function campaignDetail(deps: Db, c: CampaignRecord): Promise<CampaignDetail> {
  const targets = await listTargets(deps, c.campaignId);
  return {
    ...toCampaign(c),
    targets: targets.sort((a, b) => a.companyName.localeCompare(b.companyName, 'es')).map(toTarget),
  };
}

const newCampaignId = (now: Date, random: string) =>
  `${String(now.getTime()).padStart(13, '0')}${random.replace(/[^A-Za-z0-9]/g, '').slice(0, 12)}`;

/**
 * Creates a DRAFT campaign: META and one target per company. Targets first (in transactions of up
 * to 100), META last with the totals: until META exists nothing lists or reads the campaign, and a
 * failure removes the targets already written.
 */
export async function createCampaign(
  deps: Pick<PortalDeps, 'db' | 'table' | 'now' | 'newId'>,
  caller: Caller,
  body: CreateCampaignBody,
): Promise<CampaignDetail> {
  const now = deps.now();
  const today = madridDay(now);
  if (body.dueDate < today)
    throw new AppError('CORE_004', 'La fecha límite no puede ser anterior a hoy.', { field: 'dueDate' });
  const companyIds = [...new Set(body.companyIds)];
  const companies = await checkTargetCompanies(deps, caller, companyIds);
  const profiles = body.items
    ? new Map<string, Record<string, unknown>>()
    : await batchGet(
        deps,
        companyIds.map((c) => keys.taxProfile(c)),
      );
  const campaignId = newCampaignId(now, deps.newId());
  const createdAt = now.toISOString();
  const base = {
    campaignId,
    ownerUserId: caller.userId,
    name: body.name,
    period: body.period,
    dueDate: body.dueDate,
    message: body.message ?? null,
    createdAt,
  };
  const targets: TargetRecord[] = companyIds.map((companyId) => {
    const inputs: CampaignItemInput[] =
      body.items ??
      suggestionInputs(
        suggestItems(
          (at(profiles, keys.taxProfile(companyId)) as unknown as TaxProfile) ?? null,
          body.period,
        ),
      );
    return {
      ...base,
      companyId,
      companyName: companies.get(companyId)?.name ?? companyId,
      items: newItems(inputs.slice(0, MAX_ITEMS)),
      remindersSent: 0,
      lastReminderAt: null,
      lastOverdueDay: null,
      lastUploadAt: null,
      rev: 1,
      status: 'DRAFT',
      sentAt: null,
    };
  });
  const campaign: CampaignRecord = {
    ...base,
    status: 'DRAFT',
    sentAt: null,
    closedAt: null,
    companies: targets.length,
    completeCompanies: 0,
    itemsDone: 0,
    itemsTotal: targets.reduce((n, t) => n + t.items.length, 0),
  };
  const puts: TransactItem[] = targets.map((t) => ({
    Put: { TableName: deps.table, Item: targetItem(t), ConditionExpression: 'attribute_not_exists(pk)' },
  }));
  puts.push({
    Put: {
      TableName: deps.table,
      Item: campaignItem(campaign),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  });
  const written: TargetRecord[] = [];
  try {
    for (let i = 0; i < puts.length; i += 100) {
      await deps.db.send(new TransactWriteCommand({ TransactItems: puts.slice(i, i + 100) }));
      written.push(...targets.slice(i, i + 100));
    }
  } catch (e) {
    for (let i = 0; i < written.length; i += 100)
      await deps.db.send(
        new TransactWriteCommand({
          TransactItems: written.slice(i, i + 100).map((t) => ({
            Delete: { TableName: deps.table, Key: keys.campaignTarget(t.campaignId, t.companyId) },
          })),
        }),
      );
    throw e;
  }
  return { ...toCampaign(campaign), targets: targets.map(toTarget) };
}

const notClosed = (c: CampaignRecord, what: string) => {
  if (c.status === 'CLOSED')
    throw new AppError('DOC_CONFLICT', `La campaña está cerrada: no se puede ${what}.`, {
      field: 'campaignId',
    });
};

function requestText(t: TargetRecord): { title: string; message: string } {
  const missing = t.items.filter((i) => i.status === 'MISSING').map((i) => i.label);
  return {
    title: 'Tu gestoría te pide documentación',
    message: `${t.name}: envía ${missing.join(', ')} de ${periodSpan(t.period).label} antes del ${dateEs(t.dueDate)}.`,
  };
}

/**
 * Sends a campaign: META to ACTIVE (with the active index), then each target not yet sent: its
 * `sentAt` and active index in one transaction with the `document_request` of each active client
 * of the company; then the backfill ticks what its clients uploaded since the campaign was created.
 * Sending again an ACTIVE campaign finishes what a failed send left (a target is told once).
 */
export async function sendCampaign(deps: PortalDeps, c: CampaignRecord): Promise<CampaignDetail> {
  notClosed(c, 'enviar');
  const now = deps.now();
  if (c.status === 'DRAFT' && !(await moveCampaignStatus(deps, c, 'DRAFT', 'ACTIVE', now.toISOString()))) {
    const again = await getCampaign(deps, c.campaignId);
    if (!again || again.status === 'CLOSED')
      throw new AppError('DOC_CONFLICT', 'La campaña ha cambiado mientras tanto: vuelve a cargarla.');
  }
  const sentAt = now.toISOString();
  for (const t of await listTargets(deps, c.campaignId)) {
    if (t.sentAt) continue;
    await changeTarget(deps, c.campaignId, t.companyId, async (before) => {
      if (before.sentAt) return { kind: 'none' };
      const after: TargetRecord = { ...before, status: 'ACTIVE', sentAt };
      const clients = await clientMembers(deps, before.companyId);
      const effects = await noticesTo(deps, now, clients, {
        companyId: before.companyId,
        type: 'document_request',
        severity: 'info',
        link: clientRequestsLink(before.campaignId),
        ...requestText(before),
      });
      return { kind: 'write', after, effects };
    });
    await backfillTarget(deps, c.campaignId, t.companyId);
  }
  const fresh = await getCampaign(deps, c.campaignId);
  return campaignDetail(deps, fresh ?? c);
}

/**
 * Closes an ACTIVE campaign: META to CLOSED (off the active index), then each target off its
 * company's active index. Closing a CLOSED campaign again finishes targets a failed close left.
 */
export async function closeCampaign(deps: PortalDeps, c: CampaignRecord): Promise<CampaignDetail> {
  if (c.status === 'DRAFT')
    throw new AppError('DOC_CONFLICT', 'La campaña aún no se ha enviado: no se puede cerrar.', {
      field: 'campaignId',
    });
  const now = deps.now().toISOString();
  if (c.status === 'ACTIVE' && !(await moveCampaignStatus(deps, c, 'ACTIVE', 'CLOSED', now))) {
    const again = await getCampaign(deps, c.campaignId);
    if (again?.status !== 'CLOSED')
      throw new AppError('DOC_CONFLICT', 'La campaña ha cambiado mientras tanto: vuelve a cargarla.');
  }
  for (const t of await listTargets(deps, c.campaignId)) {
    if (t.status === 'CLOSED') continue;
    await changeTarget(deps, c.campaignId, t.companyId, (before) =>
      before.status === 'CLOSED'
        ? { kind: 'none' }
        : { kind: 'write', after: { ...before, status: 'CLOSED' } },
    );
  }
  const fresh = await getCampaign(deps, c.campaignId);
  return campaignDetail(deps, fresh ?? c);
}

/** The gestor closes an item by hand or reopens it; META's counters move in the same transaction. */
export async function setCampaignItem(
  deps: PortalDeps,
  caller: Caller,
  c: CampaignRecord,
  companyId: string,
  itemId: string,
  body: SetCampaignItemBody,
): Promise<CampaignDetail['targets'][number]> {
  notClosed(c, 'cambiar sus elementos');
  const res = await changeTarget(deps, c.campaignId, companyId, (before) => {
    const idx = before.items.findIndex((i) => i.itemId === itemId);
    if (idx < 0)
      throw new AppError('CORE_006', 'El elemento no existe en esta campaña.', { field: 'itemId' });
    const next = setItemStatus(before.items[idx]!, body, caller.userId);
    if (!next) return { kind: 'none' };
    const items = before.items.map((i, n) => (n === idx ? next : i));
    return { kind: 'write', after: { ...before, items } };
  });
  if (!res.target)
    throw new AppError('CORE_006', 'La empresa no forma parte de esta campaña.', {
      field: 'targetCompanyId',
    });
  return toTarget(res.target);
}

export type RemindResult = CampaignRemindResult;

/**
 * The gestor reminds now: every incomplete target of an ACTIVE campaign, at most once a Madrid day
 * each (the day's claim, keys.campaignManualReminderClaim, in the transaction of its notifications); complete ones get nothing.
 */
export async function remindNow(deps: PortalDeps, c: CampaignRecord): Promise<RemindResult> {
  if (c.status !== 'ACTIVE')
    throw new AppError('DOC_CONFLICT', 'Solo se puede recordar una campaña enviada y abierta.', {
      field: 'campaignId',
    });
  const now = deps.now();
  const today = madridDay(now);
  const out: RemindResult = { reminded: 0, complete: 0, alreadyToday: 0 };
  for (const t of await listTargets(deps, c.campaignId)) {
    if (targetProgress(t.items).complete) {
      out.complete++;
      continue;
    }
    const res = await changeTarget(deps, c.campaignId, t.companyId, async (before) => {
      if (targetProgress(before.items).complete || before.status !== 'ACTIVE') return { kind: 'none' };
      const clients = await clientMembers(deps, before.companyId);
      const text = reminderText(before, today, 'manual');
      const notices = await noticesTo(deps, now, clients, {
        companyId: before.companyId,
        type: 'document_request_reminder',
        severity: 'warning',
        link: clientRequestsLink(before.campaignId),
        ...text,
      });
      return {
        kind: 'write',
        after: { ...before, lastReminderAt: now.toISOString() },
        effects: [
          claimPut(
            deps,
            before,
            keys.campaignManualReminderClaim(before.campaignId, before.companyId, today),
            now,
          ),
          ...notices,
        ],
      };
    });
    if (res.outcome === 'written') out.reminded++;
    else if (res.outcome === 'claimed') out.alreadyToday++;
    else if (res.target && targetProgress(res.target.items).complete) out.complete++;
  }
  return out;
}

/** A reminder's words: what is missing and how the deadline stands. */
export function reminderText(
  t: TargetRecord,
  today: string,
  level: 'manual' | 1 | 2 | 3 | 4,
): { title: string; message: string } {
  const missing = t.items.filter((i) => i.status === 'MISSING').map((i) => i.label);
  const days = Math.round(
    (Date.parse(`${t.dueDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
  );
  const when =
    days > 1
      ? `Quedan ${days} días (fecha límite: ${dateEs(t.dueDate)}).`
      : days === 1
        ? `Mañana es la fecha límite (${dateEs(t.dueDate)}).`
        : days === 0
          ? 'Hoy es la fecha límite.'
          : `La fecha límite venció el ${dateEs(t.dueDate)}.`;
  return {
    title: level === 4 ? 'Documentación pendiente fuera de plazo' : 'Recordatorio: documentación pendiente',
    message: `${t.name}: falta ${missing.join(', ')}. ${when}`,
  };
}

/** The gestor's notice of a company past the deadline (level 4). */
export function overdueText(t: TargetRecord): { title: string; message: string } {
  const missing = t.items.filter((i) => i.status === 'MISSING').map((i) => i.label);
  return {
    title: 'Cliente con documentación fuera de plazo',
    message: `${t.companyName} no ha enviado ${missing.join(', ')} de "${t.name}" (fecha límite: ${dateEs(t.dueDate)}).`,
  };
}
