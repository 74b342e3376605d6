/**
 * Live notifications (spec part 1 §7 "Websockets", part 3 §2, §7; issue #3 point 6): a
 * notification created on the server (POST notifications/test with the page's own access token
 * and company) reaches the header bell through the WebSocket, without a reload: the badge counts
 * one more and the dropdown lists it.
 */

import type { Page, WebSocket } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  accounts,
  callApi,
  e2eTest,
  expectVisible,
  finishOnboardingViaApi,
  logIn,
  screenshot,
  selectedCompany,
  settle,
  storedTokens,
  waitForPath,
} from './harness';

/** The header's bell: the button named after the notifications. */
const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /notificaci/i });

/**
 * The unread count the bell shows: the number in its accessible name when it says one, else the
 * badge's (antd renders it in `sup.ant-badge-count` with a `title`), else 0 (no badge).
 */
async function bellCount(page: Page): Promise<number> {
  const button = bell(page).first();
  const label = (await button.getAttribute('aria-label')) ?? '';
  const inLabel = /(\d+)/.exec(label);
  if (inLabel) return Number(inLabel[1]);
  const badge = page.getByRole('banner').locator('.ant-badge-count').first();
  if ((await badge.count()) === 0 || !(await badge.isVisible())) return 0;
  const title = (await badge.getAttribute('title')) ?? (await badge.innerText());
  const n = /(\d+)/.exec(title);
  return n ? Number(n[1]) : 0;
}

describe('notifications', () => {
  e2eTest('a notification created on the server appears in the bell without a reload', async ({ page }) => {
    const sockets: WebSocket[] = [];
    const pushed: string[] = [];
    page.on('websocket', (ws) => {
      sockets.push(ws);
      ws.on('framereceived', ({ payload }) => pushed.push(payload.toString()));
    });

    await finishOnboardingViaApi(accounts.gestor);
    await logIn(page, accounts.gestor);
    await waitForPath(page, '/app/dashboard');
    await expectVisible(bell(page), 'the notification bell in the header');
    await settle(page);

    // The bell listens on the notifications socket (it connects when signed in with a company).
    await expect
      .poll(() => sockets.some((ws) => new URL(ws.url()).pathname.startsWith('/ws') && !ws.isClosed()), {
        timeout: 15_000,
        message: 'an open notifications WebSocket',
      })
      .toBe(true);
    await page.waitForTimeout(500); // the server registers the connection before it is usable
    const before = await bellCount(page);

    // A marker that a reload would wipe out.
    await page.evaluate(() => {
      (window as unknown as { __e2eSamePage: boolean }).__e2eSamePage = true;
    });

    const { accessToken } = await storedTokens(page);
    const company = await selectedCompany(page);
    expect(company, 'a selected company').not.toBeNull();
    const created = await callApi('notifications.test', {
      token: accessToken,
      companyId: company!.companyId,
      body: { type: 'invoice_created' },
    });
    expect(created.error ?? null, 'POST notifications/test error').toBeNull();
    expect(created.status).toBeLessThan(300);

    await expect.poll(() => bellCount(page), { timeout: 10_000, message: 'the bell count' }).toBe(before + 1);
    // It came through the socket (the unread query itself only refetches every 5 minutes).
    expect(
      pushed.some((frame) => frame.includes('"notification"') && frame.includes('Prueba: Factura creada')),
      `a pushed notification frame (frames received: ${pushed.join(' | ') || 'none'})`,
    ).toBe(true);
    expect(
      await page.evaluate(() => (window as unknown as { __e2eSamePage?: boolean }).__e2eSamePage),
      'the same page, not reloaded',
    ).toBe(true);

    await bell(page).first().click();
    // In the dropdown's list of the latest notifications (a toast shows the same title).
    const latest = page.getByRole('list', { name: 'Últimas notificaciones' });
    await expectVisible(
      latest.getByText('Prueba: Factura creada'),
      "the new notification ('Prueba: Factura creada') in the bell's dropdown",
    );
    await page.waitForTimeout(300); // the dropdown's opening animation
    await screenshot(page, 'notifications-bell');
  });
});
