/**
 * Live notifications on the notifications page (issue 20 item 8, spec part 1 §7 "Websockets", part 3
 * §7): with /app/notifications open, a notification created outside the browser — by a second API
 * session of the same person (its own Cognito sign-in), written to the table and pushed by the
 * `notification-push` stream worker — appears in the open page's list and in the header bell over
 * the WebSocket, without a reload.
 */

import type { Page, WebSocket } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  accessTokenFor,
  accounts,
  callApi,
  e2eTest,
  expectVisible,
  finishOnboardingViaApi,
  logIn,
  screenshot,
  selectedCompany,
  settle,
  waitForPath,
} from './harness';

const bell = (page: Page) =>
  page
    .getByRole('banner')
    .getByRole('button', { name: /notificaci/i })
    .first();

/** The unread count in the bell's accessible name ('Notificaciones: 3 sin leer'), 0 without one. */
async function bellCount(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  const n = /(\d+)/.exec(label);
  return n ? Number(n[1]) : 0;
}

/** The list's total ('1 notificación', '23 notificaciones'), 0 while the list has none. */
async function listTotal(page: Page): Promise<number> {
  const total = page.locator('.ant-pagination-total-text').first();
  if ((await total.count()) === 0) {
    // One page only: the pagination (and its total) is hidden; count the rows.
    return page.locator('.ant-table-tbody tr.ant-table-row').count();
  }
  const n = /(\d+)/.exec((await total.innerText()).replace(/\./g, ''));
  return n ? Number(n[1]) : 0;
}

describe('notifications page, live', () => {
  e2eTest(
    'a notification created by another session appears in the open notifications page without a reload',
    async ({ page }) => {
      const sockets: WebSocket[] = [];
      const pushed: string[] = [];
      page.on('websocket', (ws) => {
        sockets.push(ws);
        ws.on('framereceived', ({ payload }) => pushed.push(payload.toString()));
      });

      await finishOnboardingViaApi(accounts.gestor);
      await logIn(page, accounts.gestor);
      await waitForPath(page, '/app/dashboard');
      await page.goto('/app/notifications');
      await waitForPath(page, '/app/notifications');
      await expectVisible(page.getByRole('heading', { name: 'Notificaciones', level: 1 }), 'the page title');
      await expectVisible(page.getByRole('tab', { name: 'Estadísticas' }), "the 'Estadísticas' tab");
      await expectVisible(bell(page), 'the notification bell in the header');
      await settle(page);
      await expect
        .poll(() => sockets.some((ws) => new URL(ws.url()).pathname.startsWith('/ws') && !ws.isClosed()), {
          timeout: 15_000,
          message: 'an open notifications WebSocket',
        })
        .toBe(true);
      await page.waitForTimeout(500); // the server registers the connection before it is usable

      const company = await selectedCompany(page);
      expect(company, 'a selected company').not.toBeNull();
      const totalBefore = await listTotal(page);
      const bellBefore = await bellCount(page);
      // A marker that a reload would wipe out.
      await page.evaluate(() => {
        (window as unknown as { __e2eSamePage: boolean }).__e2eSamePage = true;
      });

      // Another session of the same person: its own sign-in, outside the browser.
      const otherSession = await accessTokenFor(accounts.gestor);
      const created = await callApi<{ notificationId: string; title: string }>('notifications.test', {
        token: otherSession,
        companyId: company!.companyId,
        body: { type: 'ocr_completed' },
      });
      expect(created.error ?? null, 'POST notifications/test error').toBeNull();
      expect(created.status).toBeLessThan(300);

      // The page's list shows it first, with its relative time, and the bell counts it.
      await expect
        .poll(() => listTotal(page), { timeout: 15_000, message: 'the notifications list total' })
        .toBe(totalBefore + 1);
      const firstRow = page.locator('.ant-table-tbody tr.ant-table-row').first();
      await expectVisible(
        firstRow.getByText('Prueba: Documento procesado'),
        'the new notification, first in the list',
      );
      await expectVisible(firstRow.getByText('Ahora mismo'), "its relative time 'Ahora mismo'");
      await expectVisible(firstRow.getByText('Sin leer'), 'it is unread');
      await expect
        .poll(() => bellCount(page), { timeout: 10_000, message: 'the bell count' })
        .toBe(bellBefore + 1);

      // It came through the socket (nothing else refetches the list: the unread query polls every 5 minutes).
      expect(
        pushed.some(
          (frame) =>
            frame.includes('"notification"') && frame.includes(created.data.notificationId ?? 'Prueba:'),
        ),
        `a pushed frame with the new notification (frames: ${pushed.join(' | ') || 'none'})`,
      ).toBe(true);
      expect(
        await page.evaluate(() => (window as unknown as { __e2eSamePage?: boolean }).__e2eSamePage),
        'the same page, not reloaded',
      ).toBe(true);
      await screenshot(page, 'notifications-page-live');
    },
    { timeout: 120_000 },
  );
});
