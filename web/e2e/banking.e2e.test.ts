/**
 * Banking in the browser (issue 19), as the demo gestor:
 *  - open banking: on the autónomo's company (no bank connected), 'Conectar banco' → 'Banco Sandbox
 *    Cuadra' → the browser leaves for the sandbox bank's consent page (infra/local/sandbox-bank/) →
 *    'Autorizar' → back on the PSD2 page the connection is completed: 'Activa', its accounts listed
 *    (the IBANs the API linked); 'Resumen bancario' then shows each account's balance and their sum;
 *  - reconciliation: the session the demo seed left in progress on Panadería La Espiga SL
 *    (infra/local/seed-banking.ts) shows its proposals; the transfer naming an invoice is accepted
 *    with the keyboard (focus on the list, Intro) and shows 'Conciliado' (the match is undone
 *    afterwards through the API, so the demo session stays as seeded).
 */

import { seedDemoBanking } from '@infra/local/seed-banking';
import { DEMO_INVOICING_COMPANY } from '@infra/local/seed-invoicing';
import type { Page as ApiPage } from '@shared/api/envelope';
import { formatIban } from '@shared/fiscal/iban';
import type { BankAccount, BankingOverview } from '@shared/schemas/banking';
import type { Psd2ConnectionList } from '@shared/schemas/psd2';
import type { SessionDetail, SessionListItem } from '@shared/schemas/reconciliation';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import {
  accounts,
  baseUrl,
  callApi,
  e2eTest,
  expectVisible,
  finishOnboardingViaApi,
  logIn,
  screenshot,
  selectCompany,
  settle,
  storedTokens,
  waitForPath,
} from './harness';

const ESPIGA = 'Panadería La Espiga SL';
/** The gestor's autónomo client: no bank connected by the demo. */
const ROMERO = 'Javier Romero Gil';
const ROMERO_ID = 'demo-romero-fontaneria';
const SANDBOX_BANK = 'Banco Sandbox Cuadra';

/** Text as a person reads it: Intl's no-break spaces as plain ones. */
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();
/** The es-ES amount the pages print for céntimos, spaces made plain. */
const money = (c: number) =>
  `${c < 0 ? '-' : ''}${new Intl.NumberFormat('es-ES', { minimumFractionDigits: 2, useGrouping: 'always' }).format(Math.abs(c) / 100)} €`;

async function gestorOn(page: Page, search: string, name: string): Promise<string> {
  await finishOnboardingViaApi(accounts.gestor);
  await logIn(page, accounts.gestor);
  await waitForPath(page, '/app/dashboard');
  await selectCompany(page, search, name);
  return (await storedTokens(page)).accessToken;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

describe('banking', () => {
  beforeAll(async () => {
    // `npm start` seeds it; here too, so the walk does not depend on the start-up's wiring (a no-op then).
    await seedDemoBanking({ url: baseUrl() });
  });

  e2eTest(
    "the gestor connects the sandbox bank by PSD2 ('Autorizar' on the bank's page) and sees its balances",
    async ({ page }) => {
      const token = await gestorOn(page, 'Romero', ROMERO);

      await page.goto('/app/banking/accounts/psd2');
      await expectVisible(page.getByRole('button', { name: 'Conectar banco' }), "'Conectar banco'");
      await page.getByRole('button', { name: 'Conectar banco' }).click();
      const dialog = page.getByRole('dialog', { name: 'Conectar banco' });
      await expectVisible(dialog, "the 'Conectar banco' dialog");
      const bank = dialog.getByRole('combobox', { name: 'Banco' });
      await bank.click();
      await bank.fill('Sandbox');
      const option = page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: SANDBOX_BANK });
      await expectVisible(option, `'${SANDBOX_BANK}' among the banks`);
      await option.first().click();
      await dialog.getByRole('button', { name: 'Continuar en el banco' }).click();

      // The bank's own page, outside the app: who asks, for which accounts, and 'Autorizar'.
      await waitForPath(page, /^\/psd2\/start\//);
      expect(new URL(page.url()).origin).not.toBe(new URL(baseUrl()).origin);
      await expectVisible(heading(page, SANDBOX_BANK), "the sandbox bank's consent page");
      await screenshot(page, 'banking-psd2-consent');
      await page.getByRole('button', { name: 'Autorizar' }).click();

      // Back in the app: the page completes the connection and lists it.
      await waitForPath(page, '/app/banking/accounts/psd2', 30_000);
      const done = page.getByText(
        new RegExp(`${SANDBOX_BANK} conectado: \\d+ cuenta\\(s\\) vinculada\\(s\\)`),
      );
      await expectVisible(done, 'the completed connection', 30_000);
      const listed = await callApi<Psd2ConnectionList>('banking.psd2Connections', {
        token,
        companyId: ROMERO_ID,
      });
      const connection = listed.data.items.find(
        (c) => c.institutionName === SANDBOX_BANK && c.status === 'LINKED',
      );
      expect(connection, 'a LINKED connection to the sandbox bank').toBeDefined();
      expect(connection!.accounts.length).toBeGreaterThan(0);
      const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: SANDBOX_BANK }).first();
      await expectVisible(row.getByText('Activa', { exact: true }), "the connection 'Activa'");
      for (const a of connection!.accounts)
        await expectVisible(
          row.getByText(formatIban(a.iban), { exact: true }),
          `the linked account ${a.iban}`,
        );
      await settle(page);
      await screenshot(page, 'banking-psd2-linked');

      // The banking home: each account with the balance the API holds, and their sum.
      await page.goto('/app/banking');
      await expectVisible(heading(page, 'Resumen bancario'), "'Resumen bancario'");
      const overview = await callApi<BankingOverview>('banking.overview', { token, companyId: ROMERO_ID });
      expect(overview.success).toBe(true);
      for (const linked of connection!.accounts) {
        const account = overview.data.accounts.find((a) => a.accountId === linked.accountId) as BankAccount;
        const accountRow = page
          .locator('.ant-table-tbody tr.ant-table-row')
          .filter({ hasText: formatIban(account.iban) })
          .first();
        await expectVisible(accountRow, `the account ${account.iban} on the banking home`);
        expect(plain(await accountRow.innerText())).toContain(money(account.balanceCents));
      }
      const total = page.locator('.ant-statistic').filter({ hasText: 'Saldo total' }).first();
      await expectVisible(total, "'Saldo total'");
      expect(plain(await total.locator('.ant-statistic-content').innerText())).toBe(
        money(overview.data.totalBalanceCents),
      );
      expect(overview.data.totalBalanceCents).toBe(
        overview.data.accounts.filter((a) => a.active).reduce((s, a) => s + a.balanceCents, 0),
      );
      await screenshot(page, 'banking-home');
    },
    { timeout: 90_000 },
  );

  e2eTest(
    'the seeded reconciliation session shows its proposals; Intro on the list accepts one',
    async ({ page }) => {
      const token = await gestorOn(page, 'Espiga', ESPIGA);
      const sessions = await callApi<ApiPage<SessionListItem>>('banking.listSessions', {
        token,
        companyId: DEMO_INVOICING_COMPANY,
        query: { status: 'IN_PROGRESS' },
      });
      const session = sessions.data.content[0];
      expect(session, 'the demo session in progress').toBeDefined();
      const detail = async () =>
        (
          await callApi<SessionDetail>('banking.getSession', {
            token,
            companyId: DEMO_INVOICING_COMPANY,
            params: { sessionId: session!.sessionId },
          })
        ).data;
      const target = (await detail()).movements.find(
        (m) =>
          m.status === 'PROPOSED' &&
          m.proposal?.items[0]?.kind === 'INV' &&
          m.proposal.reasons.some((r) => r.code === 'DOCUMENT_NUMBER'),
      );
      expect(target, 'a collection proposed by its invoice number').toBeDefined();

      await page.goto(`/app/banking/reconciliation/sessions/${session!.sessionId}`);
      const list = page.getByRole('application', { name: 'Movimientos del banco' });
      await expectVisible(list, 'the movements of the session');
      const row = list.locator(`tr[data-row-key="${target!.movementId}"]`);
      await expectVisible(row, 'the transfer naming the invoice');
      await expectVisible(row.getByText('Propuesto', { exact: true }), "its status 'Propuesto'");
      const label = target!.proposal!.items[0]!.label;
      expect(plain(await row.innerText())).toContain(plain(label));
      expect(plain(await row.innerText())).toContain(String(target!.proposal!.score));
      await screenshot(page, 'banking-reconciliation-session');

      // The keyboard: the row made active by a click, the focus on the list, Intro accepts.
      await row.locator('td').nth(1).click();
      await list.focus();
      await page.keyboard.press('Enter');
      await expectVisible(row.getByText('Conciliado', { exact: true }), "the movement 'Conciliado'");
      const after = (await detail()).movements.find((m) => m.movementId === target!.movementId)!;
      expect(after.status).toBe('MATCHED');
      expect(after.matchId).not.toBeNull();
      await settle(page);
      await screenshot(page, 'banking-reconciliation-accepted');

      // The demo session as it was seeded, for the next person.
      const undone = await callApi('banking.deleteMatch', {
        token,
        companyId: DEMO_INVOICING_COMPANY,
        params: { sessionId: session!.sessionId, matchId: after.matchId! },
      });
      expect(undone.success).toBe(true);
    },
    { timeout: 60_000 },
  );
});
