/**
 * Document-request campaigns (issue 21 item 5) against the local cloud, over real HTTP:
 * - the demo gestor creates a campaign for Panadería La Espiga (client: cliente@cuadra.test) and
 *   Transportes Levante Norte, due in five days, and sends it; the demo client sees its checklist;
 * - the client uploads a bank statement through the portal's upload: the `campaign-ticks` stream
 *   consumer ticks the bakery's bank-statements item;
 * - the gestor closes the bakery's purchase-invoices item by hand, and every item of Transportes
 *   (complete); the bakery still misses its receipts;
 * - the `campaign-reminders` schedule, run as if it were tomorrow (four days left: level 1),
 *   reminds the bakery's client and nobody at Transportes; a second run that day reminds nobody.
 */

import type { Page } from '@shared/api/envelope';
import type { CampaignDetail, CampaignTarget, ClientDocumentRequest } from '@shared/schemas/campaigns';
import type { DocumentDetails } from '@shared/schemas/documents';
import type { Notification } from '@shared/schemas/notifications';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, inject, it } from 'vitest';
import { apiClient } from './testing/api';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);
const PANADERIA = 'demo-panaderia-espiga';
const TRANSPORTES = 'demo-transportes-levante';
const run = Date.now().toString(36).toUpperCase();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const madridToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

type Res<T> = Awaited<ReturnType<typeof api.request<T>>>;
const dataOf = <T>(res: Res<T>): T => {
  if (!res.body.success) throw new Error(`${res.status} ${JSON.stringify(res.body.error)}`);
  return res.body.data;
};

async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(400);
  }
}

async function statementPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const lines = [
    'Caja Rural del Mediterráneo',
    'Extracto de cuenta ES12 3456 7890 1234 5678 9012',
    `Titular: Panadería La Espiga SL · Referencia ${run}`,
    'Saldo inicial 12.400,00 €   Saldo final 13.150,25 €',
  ];
  lines.forEach((text, i) => {
    page.drawText(text, { x: 50, y: 790 - i * 18, size: 10, font });
  });
  return pdf.save();
}

async function runReminders(day: string): Promise<void> {
  const res = await fetch(new URL('/_dev/schedules/campaign-reminders/run', cloud.url), {
    method: 'POST',
    headers: { Accept: 'application/json' },
    body: new URLSearchParams({ dia: day }),
  });
  if (!res.ok) throw new Error(`campaign-reminders: ${res.status} ${await res.text()}`);
}

describe('document-request campaigns (local cloud)', () => {
  it('sends, ticks on a client upload, closes by hand, reminds only the incomplete company', async () => {
    const gestor = await api.login('gestor@cuadra.test');
    const client = await api.login('cliente@cuadra.test');
    const today = madridToday();

    const created = dataOf(
      await api.request<CampaignDetail>('POST', '/api/v1/document-campaigns', {
        token: gestor,
        body: {
          name: `Documentación de prueba ${run}`,
          period: `${today.slice(0, 4)}-Q${Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1}`,
          dueDate: plusDays(today, 5),
          companyIds: [PANADERIA, TRANSPORTES],
          items: [
            { kind: 'BANK_STATEMENTS', minDocuments: 1 },
            { kind: 'PURCHASE_INVOICES', minDocuments: 1 },
            { kind: 'RECEIPTS', minDocuments: 1 },
          ],
        },
      }),
    );
    expect(created).toMatchObject({ status: 'DRAFT', companies: 2, itemsTotal: 6 });
    const campaignId = created.campaignId;
    const path = `/api/v1/document-campaigns/${campaignId}`;

    // The client sees nothing before it is sent.
    const before = dataOf(
      await api.request<ClientDocumentRequest[]>('GET', '/api/v1/client/document-requests', {
        token: client,
        companyId: PANADERIA,
      }),
    );
    expect(before.some((r) => r.campaignId === campaignId)).toBe(false);

    const sent = dataOf(await api.request<CampaignDetail>('POST', `${path}/send`, { token: gestor }));
    expect(sent.status).toBe('ACTIVE');
    const checklist = dataOf(
      await api.request<ClientDocumentRequest[]>('GET', '/api/v1/client/document-requests', {
        token: client,
        companyId: PANADERIA,
      }),
    ).find((r) => r.campaignId === campaignId);
    expect(checklist).toMatchObject({ daysLeft: 5, done: 0, total: 3 });

    // The client uploads its bank statement through the portal.
    const form = new FormData();
    form.append(
      'file',
      new Blob([Uint8Array.from(await statementPdf())], { type: 'application/pdf' }),
      `extracto-${run}.pdf`,
    );
    form.append('documentType', 'BANK_STATEMENT');
    const upload = await fetch(new URL('/api/v1/client/documents/upload', cloud.url), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${client}`,
        'x-company-id': PANADERIA,
        'x-forwarded-for': '198.18.21.5',
      },
      body: form,
    });
    const uploaded = (await upload.json()) as { success: boolean; data: DocumentDetails };
    expect(upload.status).toBe(201);
    const documentId = uploaded.data.documentId;

    const bakery = await eventually('the bank statement to tick the item', async () => {
      const detail = dataOf(await api.request<CampaignDetail>('GET', path, { token: gestor }));
      const t = detail.targets.find((x) => x.companyId === PANADERIA)!;
      return t.items.find((i) => i.kind === 'BANK_STATEMENTS')?.status === 'RECEIVED' ? t : undefined;
    });
    expect(bakery.items.find((i) => i.kind === 'BANK_STATEMENTS')!.documentIds).toEqual([documentId]);
    expect(bakery.done).toBe(1);

    // The gestor closes the bakery's purchases by hand, and everything of Transportes.
    const purchases = bakery.items.find((i) => i.kind === 'PURCHASE_INVOICES')!;
    const closed = dataOf(
      await api.request<CampaignTarget>('POST', `${path}/companies/${PANADERIA}/items/${purchases.itemId}`, {
        token: gestor,
        body: { status: 'CLOSED_MANUALLY', note: 'Sin compras este periodo' },
      }),
    );
    expect(closed).toMatchObject({ done: 2, total: 3, complete: false });
    for (const item of sent.targets.find((t) => t.companyId === TRANSPORTES)!.items)
      dataOf(
        await api.request('POST', `${path}/companies/${TRANSPORTES}/items/${item.itemId}`, {
          token: gestor,
          body: { status: 'CLOSED_MANUALLY' },
        }),
      );
    const progress = dataOf(await api.request<CampaignDetail>('GET', path, { token: gestor }));
    expect(progress).toMatchObject({ itemsDone: 5, itemsTotal: 6, completeCompanies: 1 });

    // Tomorrow's reminder run: only the bakery, once.
    const reminders = async () =>
      dataOf(
        await api.request<Page<Notification>>('GET', '/api/v1/notifications', {
          token: client,
          companyId: PANADERIA,
          query: { size: '100' },
        }),
      ).content.filter((n) => n.type === 'document_request_reminder' && n.link?.includes(campaignId));
    await runReminders(plusDays(today, 1));
    expect(await reminders()).toHaveLength(1);
    await runReminders(plusDays(today, 1));
    expect(await reminders()).toHaveLength(1);
    const after = dataOf(await api.request<CampaignDetail>('GET', path, { token: gestor }));
    expect(after.targets.find((t) => t.companyId === PANADERIA)!.remindersSent).toBe(1);
    expect(after.targets.find((t) => t.companyId === TRANSPORTES)).toMatchObject({
      remindersSent: 0,
      lastReminderAt: null,
    });

    const closedCampaign = dataOf(
      await api.request<CampaignDetail>('POST', `${path}/close`, { token: gestor }),
    );
    expect(closedCampaign.status).toBe('CLOSED');
  }, 180_000);
});
