/**
 * Every role has its menu, and every entry opens a page (issue 10 items 4 and 10): for each demo
 * account and for a freshly registered autónomo and gestoría, the walk opens every entry of the
 * side menu and of the user menu, and finds no 'Página no encontrada', no 'Acceso restringido',
 * no console error and no failed request.
 */

import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  accounts,
  callApi,
  DEMO_PASSWORD,
  e2eTest,
  expectVisible,
  finishOnboardingViaApi,
  logIn,
  registerGestorWithoutCompany,
  screenshot,
  settle,
  UI_TIMEOUT_MS,
  verifyEmailFromMailbox,
  waitForPath,
} from './harness';

const REFUSALS = [
  'Página no encontrada',
  'Acceso Restringido',
  'Acceso restringido',
  'Funcionalidad Premium',
];

/** A DNI with its check letter, unique enough for one run. */
function freshDni(): string {
  const number = String(Date.now() % 100_000_000).padStart(8, '0');
  return `${number}${'TRWAGMYFPDXBNJZSQVHLCKE'[Number(number) % 23]}`;
}

/** A new autónomo without an advisor, registered and verified through the API. */
async function registerAutonomo(): Promise<string> {
  const email = `e2e-autonomo-${Date.now()}@cuadra.test`;
  const registered = await callApi('auth.register', {
    body: {
      email,
      password: DEMO_PASSWORD,
      firstName: 'Rubén',
      lastName: 'Castillo Vega',
      accountType: 'AUTONOMO',
      company: {
        nif: freshDni(),
        companyType: 'AUTONOMO',
        address: {
          street: 'Calle Mayor 12',
          postalCode: '46001',
          city: 'Valencia',
          province: 'Valencia',
          country: 'ES',
        },
      },
      acceptTerms: true,
    },
  });
  if (!registered.success)
    throw new Error(`Registering ${email} answered ${registered.status}: ${registered.error?.message}`);
  await verifyEmailFromMailbox(email);
  return email;
}

/**
 * Opens every group of the side menu until each expected label is visible (groups that appear
 * while the page loads are opened too), and returns the path of every entry, in menu order.
 */
async function menuPaths(page: Page, who: string, expected: string[]): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Menú principal' });
  await expectVisible(nav, 'the side menu');
  const deadline = Date.now() + UI_TIMEOUT_MS;
  for (;;) {
    const groups = nav.locator('li.ant-menu-submenu');
    for (let i = 0; i < (await groups.count()); i++) {
      const group = groups.nth(i);
      if (!(await group.getAttribute('class'))?.includes('ant-menu-submenu-open')) {
        await group.locator('.ant-menu-submenu-title').first().click();
        await expectVisible(
          group.locator('ul.ant-menu-sub a').first(),
          'the entries of an opened menu group',
        );
      }
    }
    const missing: string[] = [];
    for (const label of expected) {
      if (!(await nav.getByText(label, { exact: true }).first().isVisible())) missing.push(label);
    }
    if (missing.length === 0) break;
    if (Date.now() > deadline) {
      throw new Error(
        `Expected to see ${missing.map((label) => `'${label}'`).join(', ')} in the menu of ${who} within ${UI_TIMEOUT_MS} ms, but it is not visible`,
      );
    }
    await page.waitForTimeout(200);
  }
  const hrefs = await nav
    .locator('a[href^="/app"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return [...new Set(hrefs)];
}

/** The user menu's links (header dropdown). */
async function userMenuPaths(page: Page): Promise<string[]> {
  // The header can re-render while the session settles (profile, company list), closing an open
  // dropdown: open it again until its links can be read, within the usual UI time-out.
  const links = page.locator('.ant-dropdown:visible a[href^="/app"]');
  const deadline = Date.now() + UI_TIMEOUT_MS;
  let hrefs: string[] = [];
  while (Date.now() < deadline) {
    if ((await links.count()) === 0) await page.getByRole('button', { name: /^Menú de usuario/ }).click();
    await links
      .first()
      .waitFor({ state: 'visible', timeout: 2_000 })
      .catch(() => undefined);
    hrefs = await links.evaluateAll((found) => found.map((link) => link.getAttribute('href') ?? ''));
    if (hrefs.length > 0) break;
  }
  await page.keyboard.press('Escape');
  return [...new Set(hrefs)];
}

/**
 * Checks the menu offers the expected entries and none of the absent ones, then opens each path and
 * checks the page is a real one, for the signed-in user.
 */
async function walk(
  page: Page,
  problems: string[],
  who: string,
  expected: string[],
  absent: string[] = [],
): Promise<string[]> {
  const paths = await menuPaths(page, who, expected);
  const nav = page.getByRole('navigation', { name: 'Menú principal' });
  for (const label of absent) {
    expect(await nav.getByText(label, { exact: true }).count(), `'${label}' in the menu of ${who}`).toBe(0);
  }
  const userPaths = await userMenuPaths(page);
  expect(userPaths, `user menu of ${who}`).toContain('/app/profile');
  const all = [...new Set([...paths, ...userPaths])];
  expect(all.length, `menu entries of ${who}`).toBeGreaterThan(0);
  for (const path of all) {
    await page.goto(path);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await settle(page);
    expect(new URL(page.url()).pathname, `${who}: ${path} stays on its page`).toBe(path.split('?')[0]);
    const text = await page.locator('main, .ant-layout-content').first().innerText();
    for (const refusal of REFUSALS) expect(text, `${who}: ${path} shows '${refusal}'`).not.toContain(refusal);
    expect(problems, `${who}: console errors or failed requests on ${path}`).toEqual([]);
  }
  return all;
}

describe('every role has its menu, and every entry opens a page', () => {
  const demo: { who: keyof typeof accounts; expected: string[] }[] = [
    { who: 'admin', expected: ['Inicio', 'Empresas', 'Facturación', 'VeriFacTu'] },
    { who: 'gestor', expected: ['Inicio', 'Empresas', 'Facturación', 'Ingresos', 'Gastos', 'VeriFacTu'] },
    { who: 'cliente', expected: ['Inicio', 'Mis facturas'] },
    { who: 'autonomo', expected: ['Inicio', 'Facturación', 'Ingresos', 'Gastos', 'VeriFacTu', 'Mi empresa'] },
  ];
  for (const { who, expected } of demo) {
    e2eTest(
      `${who}: every menu entry opens a page without errors`,
      async ({ page, problems }) => {
        await finishOnboardingViaApi(accounts[who]);
        await logIn(page, accounts[who]);
        await settle(page);
        const visited = await walk(page, problems, who, expected);
        await screenshot(page, `menu-walk-${who}`);
        expect(visited).toContain('/app/dashboard');
      },
      { timeout: 180_000 },
    );
  }

  e2eTest(
    'a freshly registered autónomo gets the owner menu, and every entry opens a page',
    async ({ page, problems }) => {
      const email = await registerAutonomo();
      await finishOnboardingViaApi(email);
      await logIn(page, email);
      await settle(page);
      await walk(page, problems, 'new autónomo', [
        'Inicio',
        'Facturación',
        'Ingresos',
        'Gastos',
        'VeriFacTu',
      ]);
      await screenshot(page, 'menu-walk-new-autonomo');
    },
    { timeout: 180_000 },
  );

  e2eTest(
    'a freshly registered gestoría: every menu entry opens a page',
    async ({ page, problems }) => {
      const email = await registerGestorWithoutCompany();
      await finishOnboardingViaApi(email);
      await logIn(page, email);
      await settle(page);
      // No company yet: every page but the companies, the profile, /app/admin/ and support leads to
      // /app/companies (spec part 1 §2), so no 'Inicio'; and no invoicing, which needs a company.
      await walk(
        page,
        problems,
        'new gestoría',
        ['Empresas', 'Perfil'],
        ['Inicio', 'Facturación', 'Ingresos', 'Clientes', 'Gastos', 'Proveedores'],
      );
      await screenshot(page, 'menu-walk-new-gestoria');
      // Opened by its address, an invoicing page says a company is needed and leads to them.
      for (const path of ['/app/admin/invoicing/income', '/app/admin/invoicing/customers']) {
        await page.goto(path);
        await expectVisible(
          page.getByRole('button', { name: 'Ir a Empresas' }),
          `'Ir a Empresas' on ${path}`,
        );
        expect(problems, `new gestoría: console errors or failed requests on ${path}`).toEqual([]);
      }
      await page.getByRole('button', { name: 'Ir a Empresas' }).click();
      await waitForPath(page, (url) => url.pathname === '/app/companies');
    },
    { timeout: 180_000 },
  );
});
