/**
 * Access rules inside /app (spec part 1 §2 "Company-selection rule", "Role-restricted routes", §6;
 * issue #3 point 2): without a selected company a path that is not exempt leads to /app/companies
 * while an exempt one (/app/profile) stays; a CLIENTE opening an ADMIN page gets 'Acceso
 * Restringido' naming the role it needs.
 */

import { describe, expect } from 'vitest';
import {
  accounts,
  e2eTest,
  expectVisible,
  finishOnboardingViaApi,
  logIn,
  registerGestorWithoutCompany,
  screenshot,
  selectedCompany,
  settle,
  waitForPath,
} from './harness';

describe('company-selection rule', () => {
  // Every demo account belongs to a company (the admin sees them all), and the SPA selects one at
  // start, so "no company selected" is a user with none: a gestoría that has just registered (an
  // advisor gets no company at registration). Nothing in the app's storage is tampered with.
  let noCompanyUser: Promise<string> | undefined;
  const userWithoutCompany = () => {
    noCompanyUser ??= registerGestorWithoutCompany().then(async (email) => {
      await finishOnboardingViaApi(email);
      return email;
    });
    return noCompanyUser;
  };

  e2eTest('with no company selected, /app/notifications leads to /app/companies', async ({ page }) => {
    const email = await userWithoutCompany();
    await logIn(page, email);
    await waitForPath(page, '/app/companies');
    await settle(page);
    expect(await selectedCompany(page), 'selected company of a user without companies').toBeNull();
    await page.goto('/app/notifications');
    await waitForPath(page, '/app/companies');
    await settle(page);
    await screenshot(page, 'company-rule-companies');
  });

  e2eTest('with no company selected, the exempt /app/profile is not redirected', async ({ page }) => {
    const email = await userWithoutCompany();
    await logIn(page, email);
    await page.goto('/app/profile');
    await waitForPath(page, '/app/profile');
    await expectVisible(page.getByText(email), "the profile page showing the user's e-mail");
    await settle(page);
    // Still there once everything has loaded: no late redirect.
    expect(new URL(page.url()).pathname).toBe('/app/profile');
  });
});

describe('role gates', () => {
  e2eTest(
    "a CLIENTE opening an ADMIN page sees 'Acceso Restringido' naming Administrador",
    async ({ page }) => {
      await finishOnboardingViaApi(accounts.cliente);
      await logIn(page, accounts.cliente);
      await waitForPath(page, '/app/dashboard');
      await page.goto('/app/admin/dashboard');
      await expectVisible(page.getByText('Acceso Restringido'), "'Acceso Restringido'");
      await expectVisible(page.getByText('Permisos Insuficientes'), "'Permisos Insuficientes'");
      await expectVisible(page.getByText(/Administrador/), 'the required role (Administrador)');
      expect(new URL(page.url()).pathname, 'the gate does not redirect').toBe('/app/admin/dashboard');
      await settle(page);
      await screenshot(page, 'access-restricted');
    },
  );
});
