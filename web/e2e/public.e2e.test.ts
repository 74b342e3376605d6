/**
 * Public pages in Spanish (spec part 1 §2; issue #3 points 1 and 10) and the cookie banner (spec
 * part 3 §2, §3, §9): each page is opened by a visitor with no session, checked for its content and
 * its language, and captured under web/e2e/screenshots/.
 */

import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { e2eTest, expectHidden, expectVisible, screenshot, settle } from './harness';

/** English a Spanish interface must not show (whole words, case-sensitive where it matters). */
const ENGLISH = [
  /\bSign (in|up)\b/,
  /\bLog ?in\b/,
  /\bPricing\b/,
  /\bPage not found\b/i,
  /\bNot Found\b/,
  /\bLoading\b/,
  /\bSubmit\b/,
  /\bCancel\b/,
  /\bPrivacy Policy\b/,
  /\bTerms (of|and)\b/,
  /\bLearn more\b/,
  /\bGet started\b/,
  /\bRead more\b/,
  /\bAccept all\b/,
];

async function expectSpanishPage(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.lang), '<html lang>').toBe('es');
  const text = await page.evaluate(() => document.body.innerText);
  const english = ENGLISH.filter((pattern) => pattern.test(text)).map(String);
  expect(english, 'English text on a Spanish page').toEqual([]);
}

async function openPublic(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expectVisible(page.getByRole('heading', { level: 1 }), `the main heading of ${path}`);
  await settle(page);
}

describe('public pages', () => {
  e2eTest(
    'the landing page explains Cuadra to gestorías, companies and autónomos, in Spanish',
    async ({ page }) => {
      await openPublic(page, '/');
      expect(new URL(page.url()).pathname, 'a visitor stays on the landing page').toBe('/');
      const text = await page.evaluate(() => document.body.innerText);
      expect(text).toMatch(/gestor[ií]as?/i);
      expect(text).toMatch(/empresas/i);
      expect(text).toMatch(/aut[oó]nomos?/i);
      await expectVisible(
        page.getByRole('link', { name: /iniciar sesi[oó]n|acceder|entrar/i }),
        'a way to log in',
      );
      await expectSpanishPage(page);
      await screenshot(page, 'landing');
    },
  );

  e2eTest('the pricing page shows plans in euros, in Spanish', async ({ page }) => {
    await openPublic(page, '/pricing');
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).toMatch(/plan/i);
    expect(text).toMatch(/€/);
    await expectSpanishPage(page);
    await screenshot(page, 'pricing');
  });

  const legal: [path: string, heading: RegExp, shot: string][] = [
    ['/legal/terms', /t[ée]rminos|condiciones/i, 'legal-terms'],
    ['/legal/privacy', /privacidad/i, 'legal-privacy'],
    ['/legal/cookies', /cookies/i, 'legal-cookies'],
    ['/legal/legal-notice', /aviso legal/i, 'legal-notice'],
    ['/legal/usage-policy', /pol[ií]tica de uso|uso aceptable|condiciones de uso/i, 'legal-usage-policy'],
  ];
  e2eTest('the five legal pages render in Spanish', async ({ page }) => {
    for (const [path, heading, shot] of legal) {
      await openPublic(page, path);
      const h1 = await page.getByRole('heading', { level: 1 }).first().innerText();
      expect(h1, `heading of ${path}`).toMatch(heading);
      await expectSpanishPage(page);
      await screenshot(page, shot);
    }
  });

  e2eTest('an unknown path shows the Spanish not-found page', async ({ page }) => {
    await page.goto('/esta-pagina-no-existe');
    await expectVisible(page.getByText('Página no encontrada'), "'Página no encontrada'");
    await settle(page);
    await expectSpanishPage(page);
    await screenshot(page, 'not-found');
  });
});

describe('cookie banner', () => {
  e2eTest(
    "shows on the first visit and 'Solo esenciales' hides it for good",
    async ({ page }) => {
      await page.goto('/');
      const essentialsOnly = page.getByRole('button', { name: 'Solo esenciales', exact: true });
      await expectVisible(essentialsOnly, "the cookie banner's 'Solo esenciales' button");
      await expectVisible(
        page.getByRole('button', { name: 'Aceptar todas', exact: true }),
        "'Aceptar todas'",
      );
      await expectVisible(page.getByRole('button', { name: 'Configurar', exact: true }), "'Configurar'");
      await settle(page);
      await screenshot(page, 'cookie-banner', { fullPage: false });

      await essentialsOnly.click();
      await expectHidden(essentialsOnly, 'the cookie banner');

      // The choice is stored (spec part 3 §3: version, timestamp, state, consentGiven): version 1.0,
      // essential only.
      const consent = await page.evaluate(() => {
        for (const storage of [window.localStorage, window.sessionStorage]) {
          for (let i = 0; i < storage.length; i++) {
            const raw = storage.getItem(storage.key(i) ?? '') ?? '';
            if (!raw.includes('analytics')) continue;
            try {
              return JSON.parse(raw) as Record<string, unknown>;
            } catch {
              // not the consent record
            }
          }
        }
        return document.cookie.includes('consent') ? { cookie: document.cookie } : null;
      });
      expect(consent, 'a stored cookie consent').not.toBeNull();
      const flat = JSON.stringify(consent);
      expect(flat).toContain('1.0');
      expect(flat).toMatch(/"analytics":false/);
      expect(flat).toMatch(/"marketing":false/);

      // For good: not after a reload, nor on another page.
      for (const path of ['/', '/pricing']) {
        await page.goto(path);
        await expectVisible(page.getByRole('heading', { level: 1 }), `the main heading of ${path}`);
        await settle(page);
        await page.waitForTimeout(1_000);
        expect(await essentialsOnly.count(), `cookie banner on ${path} after choosing`).toBe(0);
      }
    },
    { cookieChoiceMade: false },
  );
});
