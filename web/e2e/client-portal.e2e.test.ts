/**
 * The client portal in the browser (issue 21, "How it will be judged": as the demo client and the
 * demo gestor side by side, a campaign sent, a client uploading what it asks, the gestor reviewing
 * it, a filed model published and downloaded by the client, a message answered live). Two browser
 * contexts at once: cliente@ (Ana Torres, the client of Panadería La Espiga SL) and gestor@ (its
 * gestora). gestor2@ is never used (the onboarding test's first-login account).
 *  - a campaign: the gestor drafts one (API: a unique name, one 'Extractos bancarios' item) and sends
 *    it from its page ('Enviar'); the client finds it on its dashboard's 'Documentación pendiente',
 *    uploads a bank statement on /app/document-upload asking for a review, and the item turns
 *    'Recibido' (the `campaign-ticks` stream consumer); the gestor's campaign shows the bakery at
 *    1/1 and its review queue has the statement, which it approves;
 *  - a message answered live: the client writes on /app/messages, the gestor's open /app/messaging
 *    shows it without a reload, the gestor answers and the client's open page shows the answer
 *    without a reload;
 *  - the documents the gestoría gives the client: 'Compartidos por tu gestoría' on
 *    /app/my-documents (the seed's shared invoice: 'Ver' opens it, 'Descargar' gives its PDF), and a
 *    filed model published to the client on /app/my-tax-documents whose PDF downloads.
 */

import { DEMO_SHARE_MESSAGE } from '@infra/local/seed-sharing';
import type { CampaignDetail } from '@shared/schemas/campaigns';
import type { CockpitActionResult, CockpitView, PublishedModelView } from '@shared/schemas/tax-models';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  accessTokenFor,
  accounts,
  bytesOf,
  callApi,
  dropFiles,
  e2eTest,
  expectHidden,
  expectNoCrash,
  expectVisible,
  finishOnboardingViaApi,
  logIn,
  screenshot,
  selectCompany,
  settle,
  waitForPath,
} from './harness';

const ESPIGA = 'Panadería La Espiga SL';
const ESPIGA_ID = 'demo-panaderia-espiga';
const CLIENT_NAME = 'Ana Torres Vidal';
/** The composer's button: its icon reads 'send' before the word. */
const SEND = /(^|\s)Enviar$/;
/** The campaign tick comes from a stream consumer: allow a busy machine. */
const TICK_TIMEOUT_MS = 60_000;

const madridToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const quarterOf = (day: string) => `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;

/** A one-page bank statement with a real text layer. */
async function statementPdf(reference: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const lines: [string, number, typeof font][] = [
    ['Caja Rural del Mediterráneo', 14, bold],
    ['Extracto de cuenta ES12 3456 7890 1234 5678 9012', 10, font],
    [`Titular: ${ESPIGA} · Referencia ${reference}`, 10, font],
    ['Fecha        Concepto                         Importe', 10, bold],
    ['01/10/2026   Harinas del Turia SL              -1.240,50 €', 10, font],
    ['15/10/2026   TPV ventas mostrador             +2.890,75 €', 10, font],
    ['Saldo inicial 12.400,00 €   Saldo final 14.050,25 €', 10, bold],
  ];
  lines.forEach(([text, size, f], i) => {
    page.drawText(text, { x: 50, y: 790 - i * 20, size, font: f });
  });
  return pdf.save();
}

/** Reloads `page` until `locator` shows (a stream consumer's result), at most `timeout` ms. */
async function reloadUntilVisible(page: Page, locator: Locator, what: string, timeout = TICK_TIMEOUT_MS) {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      await locator.first().waitFor({ state: 'visible', timeout: 5_000 });
      return;
    } catch {
      if (Date.now() > deadline)
        throw new Error(`Expected to see ${what} within ${timeout} ms (reloading), but it is not visible`);
      await page.reload();
      await settle(page);
    }
  }
}

/** Signs in a demo account in a page of its own (its onboarding done through the API). */
async function signIn(page: Page, email: string): Promise<void> {
  await finishOnboardingViaApi(email);
  await logIn(page, email);
  await waitForPath(page, '/app/dashboard');
}

/** The bakery's 303 of 3T 2026 (the demo's invoices start on 30/09/2026), as tax-models.e2e publishes it. */
const PERIOD = { modelType: '303', year: 2026, period: '3T' } as const;

/**
 * A filed model published to the bakery's client, through the API: the demo seed publishes its 303;
 * without one, the gestor's cockpit computes, approves and publishes 3T 2026's (as the cockpit does).
 */
async function ensurePublished(): Promise<void> {
  const token = await accessTokenFor(accounts.gestor);
  const listed = await callApi<PublishedModelView[] | { content: PublishedModelView[] }>(
    'taxModels.published',
    { token, companyId: ESPIGA_ID, params: { companyId: ESPIGA_ID } },
  );
  const models = Array.isArray(listed.data) ? listed.data : (listed.data?.content ?? []);
  if (listed.success && models.length > 0) return;
  const body = { ...PERIOD, companyIds: [ESPIGA_ID] };
  const view = await callApi<CockpitView>('taxCockpit.get', {
    token,
    query: { modelType: PERIOD.modelType, year: String(PERIOD.year), period: PERIOD.period },
  });
  if (!view.success) throw new Error(`GET cockpit answered ${view.status}: ${view.error?.message}`);
  const row = view.data.rows.find((r) => r.companyId === ESPIGA_ID);
  if (row?.published) return;
  const steps: ('taxCockpit.compute' | 'taxCockpit.approve' | 'taxCockpit.publish')[] = [];
  if (!row?.modelId) steps.push('taxCockpit.compute');
  if (!row?.approved && row?.status !== 'SUBMITTED') steps.push('taxCockpit.approve');
  steps.push('taxCockpit.publish');
  for (const step of steps) {
    const answer = await callApi<CockpitActionResult>(step, { token, body });
    const outcome = answer.data?.results?.[0];
    if (!answer.success || outcome?.outcome === 'ERROR')
      throw new Error(
        `${step} for the bakery answered ${answer.status}: ${answer.error?.message ?? outcome?.message}`,
      );
  }
}

/** A marker that a reload would wipe out. */
const markPage = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { __e2eSamePage: boolean }).__e2eSamePage = true;
  });
const samePage = (page: Page) =>
  page.evaluate(() => (window as unknown as { __e2eSamePage?: boolean }).__e2eSamePage === true);

describe('client portal: the client and its gestor side by side', () => {
  e2eTest(
    'a campaign sent by the gestor, the bank statement it asks uploaded by the client, ticked, and reviewed by the gestor',
    async ({ page: client, newContext, problems }) => {
      const stamp = Date.now().toString(36).toUpperCase();
      const name = `Cierre del trimestre E2E ${stamp}`;
      const itemLabel = `Extractos bancarios ${stamp}`;
      const fileName = `extracto-banco-${stamp}.pdf`;
      const today = madridToday();

      // --- setup (not the point): the gestor's draft, through the API ---
      const gestorToken = await accessTokenFor(accounts.gestor);
      const created = await callApi<CampaignDetail>('campaigns.create', {
        token: gestorToken,
        body: {
          name,
          period: quarterOf(today),
          dueDate: plusDays(today, 12),
          message: `Necesitamos el extracto del banco del trimestre (${stamp}).`,
          companyIds: [ESPIGA_ID],
          items: [{ kind: 'BANK_STATEMENTS', label: itemLabel, minDocuments: 1 }],
        },
      });
      expect(created.error ?? null, 'POST document-campaigns error').toBeNull();
      expect(created.data.status).toBe('DRAFT');
      const campaignId = created.data.campaignId;

      // --- the gestor sends it from its campaign page ---
      const gestorContext = await newContext();
      const gestor = await gestorContext.newPage();
      await signIn(gestor, accounts.gestor);
      await gestor.goto(`/app/document-campaigns?id=${encodeURIComponent(campaignId)}`);
      await expectVisible(gestor.getByRole('heading', { name }), "the campaign's page");
      await expectVisible(gestor.getByText('Borrador', { exact: true }), 'the draft status');
      await gestor.getByRole('button', { name: 'Enviar', exact: true }).click();
      const confirm = gestor.locator('.ant-popover:visible');
      await expectVisible(confirm.getByText('¿Enviar la campaña a 1 cliente?'), 'the send confirmation');
      await confirm.getByRole('button', { name: 'Enviar', exact: true }).click();
      await expectVisible(gestor.getByText('Activa', { exact: true }), 'the campaign sent (Activa)');
      const progress = gestor.getByRole('progressbar', { name: `0 de 1 documentos de ${ESPIGA}` });
      await expectVisible(progress, "the bakery's progress 0/1");
      await settle(gestor);
      await screenshot(gestor, 'client-portal-campaign-sent');

      // --- the client, in its own browser, finds it on its dashboard ---
      await signIn(client, accounts.cliente);
      const request = client.getByRole('group', { name: `Solicitud ${name}` });
      await expectVisible(request, "the campaign on the client's dashboard");
      const item = request.getByRole('group', { name: `Documento ${itemLabel}` });
      await expectVisible(item.getByText('Pendiente', { exact: true }), 'the bank statements item pending');
      await expectVisible(request.getByText(/Necesitamos el extracto del banco/), "the gestor's message");
      await settle(client);
      await screenshot(client, 'client-portal-dashboard-checklist');

      // --- it uploads the bank statement, asking its gestor to review it ---
      await request.getByRole('link', { name: /Subir/ }).click();
      await waitForPath(client, '/app/document-upload');
      await expectVisible(client.getByRole('heading', { name: 'Subir documentos' }), 'the upload page');
      const uploadRequest = client.getByRole('group', { name: `Solicitud ${name}` });
      await expectVisible(uploadRequest, 'the checklist on the upload page');
      await client.getByRole('combobox', { name: 'Tipo de documento' }).click();
      await client
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: /^Extracto bancario$/ })
        .click();
      await client.getByRole('checkbox', { name: 'Quiero que mi gestor lo revise' }).check();
      await dropFiles(client, client.locator('.ant-upload-drag .ant-upload').first(), [
        { name: fileName, bytes: await statementPdf(stamp) },
      ]);
      await client.getByRole('button', { name: 'Subir archivos' }).click();
      const row = client.getByTestId(`upload-${fileName}`);
      await expectVisible(row.getByText('Subido', { exact: true }), 'the statement uploaded');

      // The stream consumer ticks the item: 'Recibido' on the checklist (live, or on a reload).
      await reloadUntilVisible(
        client,
        client
          .getByRole('group', { name: `Solicitud ${name}` })
          .getByRole('group', { name: `Documento ${itemLabel}` })
          .getByText('Recibido', { exact: true }),
        'the bank statements item ticked (Recibido)',
      );
      await expectVisible(
        client.getByRole('group', { name: `Solicitud ${name}` }).getByText('Completo', { exact: true }),
        'the request complete',
      );
      await settle(client);
      await screenshot(client, 'client-portal-upload-ticked');
      await expectNoCrash(client, 'the upload page');

      // --- the gestor sees the bakery at 1/1 on its campaign ---
      await reloadUntilVisible(
        gestor,
        gestor.getByRole('progressbar', { name: `1 de 1 documentos de ${ESPIGA}` }),
        "the bakery's progress 1/1 on the campaign",
        30_000,
      );
      await gestor.getByRole('button', { name: `Ver documentos de ${ESPIGA}` }).click();
      const received = gestor.getByRole('listitem', { name: itemLabel });
      await expectVisible(received.getByText('Recibido', { exact: true }), "the item 'Recibido'");
      await settle(gestor);
      await screenshot(gestor, 'client-portal-campaign-progress');

      // --- and reviews it: /app/document-reviews, 'Revisar', 'Aprobar' ---
      await selectCompany(gestor, 'Espiga', ESPIGA);
      await gestor.goto('/app/document-reviews');
      await expectVisible(
        gestor.getByRole('heading', { name: 'Revisión de documentos' }),
        'the reviews page',
      );
      const pending = gestor.locator('tr.ant-table-row').filter({ hasText: fileName });
      await reloadUntilVisible(gestor, pending, "the client's statement among the pending reviews", 30_000);
      await pending.getByRole('button', { name: 'Revisar' }).click();
      const panel = gestor.locator('.ant-drawer-open');
      await expectVisible(panel.getByText(`Revisar ${fileName}`), 'the review drawer');
      await settle(gestor);
      await screenshot(gestor, 'client-portal-review', { fullPage: false });
      await panel.getByRole('button', { name: 'Aprobar', exact: true }).click();
      await expectHidden(panel.getByText(`Revisar ${fileName}`), 'the review drawer');
      await expectHidden(pending, 'the approved statement among the pending reviews');
      await expectNoCrash(gestor, 'the reviews page');

      // --- the client sees it reviewed in its documents ---
      await client.goto('/app/my-documents');
      const mine = client.locator('tr.ant-table-row').filter({ hasText: fileName });
      await reloadUntilVisible(
        client,
        mine.getByText('Revisado', { exact: true }),
        "the client's statement reviewed",
        30_000,
      );

      expect(problems, 'console errors or failed requests').toEqual([]);
    },
    { timeout: 240_000 },
  );

  e2eTest(
    'a message from the client reaches the open page of the gestor without a reload, and its answer comes back live',
    async ({ page: client, newContext, problems }) => {
      const stamp = Date.now().toString(36).toUpperCase();
      const question = `¿Os llegó el extracto del banco? (ref. ${stamp})`;
      const answer = `Sí, recibido y revisado. Gracias, Ana (ref. ${stamp})`;

      // Both pages open side by side: the client's /app/messages and the gestor's /app/messaging.
      await signIn(client, accounts.cliente);
      await client.goto('/app/messages');
      await expectVisible(client.getByRole('heading', { name: 'Mensajes' }), "the client's messages");
      await expectVisible(client.getByRole('textbox', { name: 'Mensaje' }), "the client's composer");

      const gestorContext = await newContext();
      const gestor = await gestorContext.newPage();
      await signIn(gestor, accounts.gestor);
      await selectCompany(gestor, 'Espiga', ESPIGA);
      await gestor.goto('/app/messaging');
      await expectVisible(gestor.getByRole('heading', { name: 'Mensajes' }), "the gestor's messaging");
      const conversation = gestor
        .getByRole('navigation', { name: 'Conversaciones' })
        .getByRole('button', { name: new RegExp(`^Conversación con ${CLIENT_NAME}`) });
      await expectVisible(conversation, `the conversation with ${CLIENT_NAME}`);
      await conversation.click();
      const gestorThread = gestor.getByRole('region', { name: 'Mensajes de la conversación' });
      await expectVisible(gestorThread, 'the open conversation');
      await settle(gestor);
      await settle(client);
      // The sockets register before they are usable.
      await gestor.waitForTimeout(1_000);
      await markPage(gestor);
      await markPage(client);

      // The client writes...
      await client.getByRole('textbox', { name: 'Mensaje' }).fill(question);
      await client.getByRole('button', { name: SEND }).click();
      await expectVisible(
        client.getByRole('region', { name: 'Mensajes de la conversación' }).getByText(question),
        "the client's message in its thread",
      );

      // ...and the gestor's open page shows it, without a reload.
      await expectVisible(
        gestorThread.getByText(question),
        "the client's message on the gestor's page",
        20_000,
      );
      expect(await samePage(gestor), "the gestor's page not reloaded").toBe(true);
      await screenshot(gestor, 'client-portal-messaging-gestor');

      // The gestor answers; the client's open page shows it, without a reload.
      await gestor.getByRole('textbox', { name: 'Mensaje' }).fill(answer);
      await gestor.getByRole('button', { name: SEND }).click();
      await expectVisible(gestorThread.getByText(answer), "the gestor's answer in its thread");
      const clientThread = client.getByRole('region', { name: 'Mensajes de la conversación' });
      await expectVisible(clientThread.getByText(answer), "the gestor's answer on the client's page", 20_000);
      expect(await samePage(client), "the client's page not reloaded").toBe(true);
      await screenshot(client, 'client-portal-messages-client');

      expect(problems, 'console errors or failed requests').toEqual([]);
    },
    { timeout: 120_000 },
  );

  e2eTest(
    'the client views and downloads what its gestoría shared, and downloads a filed model published to it',
    async ({ page: client, problems }) => {
      // --- setup (not the point): a model of the bakery published to its client, through the API ---
      await ensurePublished();

      // --- 'Compartidos por tu gestoría' on /app/my-documents ---
      await signIn(client, accounts.cliente);
      const nav = client.getByRole('navigation', { name: 'Menú principal' });
      await client.goto('/app/my-documents');
      await expectVisible(
        client.getByRole('heading', { name: 'Compartidos por tu gestoría' }),
        "'Compartidos por tu gestoría'",
      );
      const shared = client.locator('tr.ant-table-row').filter({ hasText: DEMO_SHARE_MESSAGE });
      await expectVisible(shared, 'the document the gestoría shared (seed)');
      await shared.getByRole('button', { name: 'Ver', exact: true }).click();
      const viewer = client.locator('.ant-modal-wrap:visible');
      await expectVisible(viewer.locator('iframe, img'), 'the shared document open in the viewer');
      await settle(client);
      await screenshot(client, 'client-portal-shared-view', { fullPage: false });
      await viewer
        .getByRole('button', { name: /close|cerrar/i })
        .first()
        .click();
      await expectHidden(client.locator('.ant-modal-wrap:visible'), 'the viewer');
      const [sharedFile] = await Promise.all([
        client.waitForEvent('download'),
        shared.getByRole('button', { name: 'Descargar', exact: true }).click(),
      ]);
      const sharedBytes = await bytesOf(sharedFile);
      expect(sharedBytes.length, 'the shared file has bytes').toBeGreaterThan(0);
      if (/\.pdf$/i.test(sharedFile.suggestedFilename()))
        expect(sharedBytes.subarray(0, 4).toString('latin1'), 'the shared PDF').toBe('%PDF');
      await screenshot(client, 'client-portal-my-documents');

      // --- the filed model on /app/my-tax-documents ---
      await nav.getByRole('link', { name: 'Mis documentos fiscales' }).click();
      await waitForPath(client, '/app/my-tax-documents');
      await expectVisible(client.getByRole('heading', { name: 'Mis documentos fiscales' }), 'the page');
      const row = client.locator('.ant-table-tbody tr.ant-table-row').first();
      await expectVisible(row, 'a published model');
      const [pdf] = await Promise.all([
        client.waitForEvent('download'),
        row
          .getByRole('button', { name: /el PDF/ })
          .first()
          .click(),
      ]);
      expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
      expect((await bytesOf(pdf)).subarray(0, 4).toString('latin1'), 'the model PDF').toBe('%PDF');
      await settle(client);
      await screenshot(client, 'client-portal-my-tax-documents');
      await expectNoCrash(client, 'Mis documentos fiscales');

      expect(problems, 'console errors or failed requests').toEqual([]);
    },
    { timeout: 120_000 },
  );
});
