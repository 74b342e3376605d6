/**
 * The e2e harness: every test is a real walk in headless Chromium against the local cloud the
 * global setup started. One browser per run (shared through its Playwright endpoint), a fresh
 * context (empty storage, no cookies) per test, helpers that act as a user would (the real login
 * page), screenshots of key pages under web/e2e/screenshots/, and on failure a screenshot plus the
 * page's console errors, uncaught exceptions and failed requests appended to the test's error.
 */

import fs from 'node:fs';
import { DEMO_PASSWORD } from '@infra/local/demo-data';
import { buildPath, type RouteId, routes } from '@shared/api/routes';
import {
  COOKIE_CONSENT_KEY,
  COOKIE_CONSENT_VERSION,
  type CookieConsent,
  ESSENTIAL_ONLY,
} from '@web/components/cookie-consent/consent';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Download,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, expect, inject, test } from 'vitest';
import { SCREENSHOT_DIR, screenshotPath } from './browser';

export { DEMO_PASSWORD };

/** The demo accounts of `npm start` (infra/local/demo-data.ts). */
export const accounts = {
  admin: 'admin@cuadra.test',
  gestor: 'gestor@cuadra.test',
  gestor2: 'gestor2@cuadra.test',
  cliente: 'cliente@cuadra.test',
  autonomo: 'autonomo@cuadra.test',
} as const;

/** How long a user-visible outcome may take (a lazy route, an API call, a redirect). */
export const UI_TIMEOUT_MS = 15_000;

// --- the shared browser ---------------------------------------------------------------------------

let browser: Browser | undefined;

async function sharedBrowser(): Promise<Browser> {
  const { problems, wsEndpoint } = inject('e2e');
  if (problems.length > 0 || !wsEndpoint) {
    throw new Error(`The e2e suite cannot run:\n${problems.join('\n') || 'no browser endpoint'}`);
  }
  if (!browser?.isConnected()) browser = await chromium.connect(wsEndpoint);
  return browser;
}

// Disconnects this file's client; the browser itself belongs to the global setup.
afterAll(async () => {
  await browser?.close().catch(() => undefined);
  browser = undefined;
});

/** Base URL of the local cloud (SPA, API, Cognito shim), e.g. http://127.0.0.1:41234. */
export function baseUrl(): string {
  const cloud = inject('localCloud');
  if (!cloud) throw new Error('The local cloud was not started (see the e2e global setup).');
  return cloud.url;
}

// --- one test = one fresh context -----------------------------------------------------------------

export interface E2E {
  page: Page;
  context: BrowserContext;
  /** Console errors, uncaught exceptions and failed requests seen so far (all pages of the context). */
  problems: string[];
  /** Opens another page in the same context (same storage), e.g. to act as a second tab. */
  newPage: () => Promise<Page>;
  /** A second fresh context (another browser profile: empty storage), closed after the test. */
  newContext: () => Promise<BrowserContext>;
}

export interface E2ETestOptions {
  timeout?: number;
  context?: BrowserContextOptions;
  /** Runs before the page's own scripts on every page of the context (see `page.addInitScript`). */
  initScript?: () => void;
  /**
   * false: a first visit, with no cookie choice stored (the banner shows). By default every context
   * starts with the choice 'Solo esenciales' made, so the banner covers no page under test.
   */
  cookieChoiceMade?: boolean;
}

/** The stored choice 'Solo esenciales' (web/src/components/cookie-consent/consent.ts). */
const essentialOnlyConsent = () =>
  JSON.stringify({
    version: COOKIE_CONSENT_VERSION,
    timestamp: Date.now(),
    state: ESSENTIAL_ONLY,
    consentGiven: true,
  } satisfies CookieConsent);

/**
 * A browser test: a new context and page, `fn`, then the context closed. When `fn` throws, the
 * page is captured to web/e2e/screenshots/failed-<test>.png and the error says where, with the URL
 * and everything the page logged as an error.
 */
export function e2eTest(name: string, fn: (t: E2E) => Promise<void>, options: E2ETestOptions = {}): void {
  test(
    name,
    async ({ task }) => {
      const b = await sharedBrowser();
      const problems: string[] = [];
      const contexts: BrowserContext[] = [];
      const newContext = async () => {
        const c = await b.newContext({
          baseURL: baseUrl(),
          locale: 'es-ES',
          timezoneId: 'Europe/Madrid',
          viewport: { width: 1280, height: 800 },
          serviceWorkers: 'block',
          ...options.context,
        });
        contexts.push(c);
        c.setDefaultTimeout(UI_TIMEOUT_MS);
        if (options.cookieChoiceMade !== false) {
          await c.addInitScript(
            ([key, value]) => {
              try {
                if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value);
              } catch {
                // No storage on this page (about:blank): nothing to do.
              }
            },
            [COOKIE_CONSENT_KEY, essentialOnlyConsent()] as const,
          );
        }
        if (options.initScript) await c.addInitScript(options.initScript);
        watchProblems(c, problems);
        return c;
      };
      const context = await newContext();
      const page = await context.newPage();
      try {
        await fn({ page, context, problems, newPage: () => context.newPage(), newContext });
      } catch (error) {
        const pages = contexts.flatMap((c) => c.pages());
        throw await explainFailure(
          error,
          pages.length ? pages : [page],
          problems,
          `failed-${slug(task.name)}`,
        );
      } finally {
        for (const c of contexts) await c.close().catch(() => undefined);
      }
    },
    options.timeout ?? 60_000,
  );
}

function watchProblems(context: BrowserContext, problems: string[]): void {
  context.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url, lineNumber } = message.location();
    problems.push(`console.error: ${message.text()}${url ? `  (${url}:${lineNumber})` : ''}`);
  });
  context.on('weberror', (error) => problems.push(`uncaught: ${error.error().stack ?? error.error()}`));
  context.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'failed';
    // Navigations and aborted fetches (react-query cancelling, the page closing) are not problems.
    if (reason.includes('ERR_ABORTED')) return;
    problems.push(`request failed: ${request.method()} ${request.url()} (${reason})`);
  });
  context.on('response', (response) => {
    if (response.status() >= 500)
      problems.push(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
}

async function explainFailure(error: unknown, pages: Page[], problems: string[], shot: string) {
  const lines: string[] = [];
  for (const [i, page] of pages.entries()) {
    const name = i === 0 ? shot : `${shot}-${i + 1}`;
    try {
      lines.push(`Page URL: ${page.url()}`);
      await screenshot(page, name);
      lines.push(`Screenshot: ${screenshotPath(name)}`);
    } catch (e) {
      lines.push(`(no screenshot: ${(e as Error).message.split('\n')[0]})`);
    }
  }
  lines.push(
    problems.length
      ? `Console errors and failed requests of the page (${problems.length}):\n  ${problems.join('\n  ')}`
      : 'The page logged no console error.',
  );
  const extra = `\n\n--- e2e diagnostics ---\n${lines.join('\n')}`;
  if (error instanceof Error) {
    error.message += extra;
    return error;
  }
  return new Error(`${String(error)}${extra}`);
}

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

/**
 * Screenshot to web/e2e/screenshots/<name>.png (animations stopped): the whole page, or with
 * `{ fullPage: false }` the viewport only (where fixed elements such as a banner sit).
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = screenshotPath(name);
  await page.screenshot({ path: file, fullPage, animations: 'disabled', timeout: 10_000 });
  return file;
}

// --- waiting for what a user would see ------------------------------------------------------------

/** The current path plus query, e.g. `/auth/login?redirectTo=%2Fapp%2Fprofile`. */
export const currentPath = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/**
 * Waits until the page's path satisfies `expected` (exact path, regular expression on path+query,
 * or predicate on the URL). Client-side redirects are history changes, so this polls the URL.
 */
export async function waitForPath(
  page: Page,
  expected: string | RegExp | ((url: URL) => boolean),
  timeout = UI_TIMEOUT_MS,
): Promise<void> {
  const matches = (url: URL) =>
    typeof expected === 'string'
      ? url.pathname === expected
      : expected instanceof RegExp
        ? expected.test(url.pathname + url.search)
        : expected(url);
  const deadline = Date.now() + timeout;
  while (!matches(new URL(page.url()))) {
    if (Date.now() > deadline) {
      const described = typeof expected === 'function' ? 'the expected page' : String(expected);
      throw new Error(
        `Expected to be on ${described} within ${timeout} ms, but the page is at ${currentPath(page)}`,
      );
    }
    await page.waitForTimeout(100);
  }
}

/** Waits until `locator` (its first match) is visible; the error names `what`. */
export async function expectVisible(locator: Locator, what: string, timeout = UI_TIMEOUT_MS): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch {
    throw new Error(`Expected to see ${what} within ${timeout} ms, but it is not visible`);
  }
}

/** Waits until `locator` has no visible match; the error names `what`. */
export async function expectHidden(locator: Locator, what: string, timeout = UI_TIMEOUT_MS): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'hidden', timeout });
  } catch {
    throw new Error(`Expected ${what} to disappear within ${timeout} ms, but it is still visible`);
  }
}

/** Waits until the app has settled: no pending network for a moment (bounded, never fails). */
export async function settle(page: Page, timeout = 5_000): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout }).catch(() => undefined);
}

// --- acting as a user ---------------------------------------------------------------------------

/** The login form's fields, by their visible labels. */
export const loginForm = (page: Page) => ({
  email: page.getByLabel(/^\s*(e-?mail|correo( electrónico)?)\s*$/i),
  password: page.getByLabel(/^\s*contraseña\s*$/i),
  // antd may leave a spent loading icon in the button: its name can read 'loading Iniciar sesión'.
  submit: page.getByRole('button', { name: /(^|\s)Iniciar sesión$/ }),
});

/**
 * Signs in through the real login page: opens /auth/login unless the page is already there (a
 * guard may have sent it there with its origin), types e-mail and password, presses
 * 'Iniciar sesión' and waits until the SPA leaves /auth.
 */
export async function logIn(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/auth/login')) await page.goto('/auth/login');
  const form = loginForm(page);
  await expectVisible(form.email, 'the login form');
  await form.email.fill(email);
  await form.password.fill(password);
  await form.submit.click();
  try {
    await waitForPath(page, (url) => !url.pathname.startsWith('/auth/'));
  } catch (error) {
    const alert = await page
      .getByRole('alert')
      .allInnerTexts()
      .catch(() => []);
    throw new Error(
      `Signing in as ${email} did not leave the login page${alert.length ? ` (it says: ${alert.join(' / ')})` : ''}: ${(error as Error).message}`,
    );
  }
}

// --- what the page keeps in its storage -----------------------------------------------------------

/** Amplify's tokens for the signed-in user, read from the page's web storage. */
export async function storedTokens(
  page: Page,
): Promise<{ accessToken: string; refreshToken?: string; clientId: string; username: string }> {
  const found = await page.evaluate(() => {
    for (const storage of [window.localStorage, window.sessionStorage]) {
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i) ?? '';
        const match = /^CognitoIdentityServiceProvider\.([^.]+)\.(.+)\.accessToken$/.exec(key);
        if (!match) continue;
        const prefix = key.slice(0, -'accessToken'.length);
        return {
          accessToken: storage.getItem(key) ?? '',
          refreshToken: storage.getItem(`${prefix}refreshToken`) ?? undefined,
          clientId: match[1] ?? '',
          username: match[2] ?? '',
        };
      }
    }
    return null;
  });
  if (!found?.accessToken) throw new Error('The page stores no access token (is anyone signed in?)');
  return found;
}

/** The company the SPA has selected (`selected_company` in localStorage), or null. */
export async function selectedCompany(page: Page): Promise<{ companyId: string; name: string } | null> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('selected_company');
    if (!raw) return null;
    try {
      return JSON.parse(raw) as { companyId: string; name: string };
    } catch {
      return null;
    }
  });
}

/**
 * Chooses a company in the header's selector, as a gestor does. A header re-render (a pushed
 * notification, say) may close the dropdown under the click: it chooses again until the choice holds.
 */
export async function selectCompany(page: Page, search: string, name: string): Promise<void> {
  if ((await selectedCompany(page))?.name === name) return;
  const selector = page.getByRole('combobox', { name: 'Empresa seleccionada' });
  const deadline = Date.now() + UI_TIMEOUT_MS;
  for (;;) {
    await expectVisible(selector, 'the company selector');
    await selector.click();
    await selector.fill(search);
    const option = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: name });
    await expectVisible(option, `'${name}' among the companies`);
    await option.first().click();
    const attempt = Date.now() + 3_000;
    while ((await selectedCompany(page))?.name !== name && Date.now() < attempt)
      await page.waitForTimeout(100);
    if ((await selectedCompany(page))?.name === name) return;
    if (Date.now() > deadline) throw new Error(`'${name}' did not become the selected company`);
  }
}

/** Drops PDF files on an uploader as a person does (dragover, then drop, with a real DataTransfer). */
export async function dropFiles(
  page: Page,
  target: Locator,
  files: { name: string; bytes: Uint8Array }[],
): Promise<void> {
  const payload = files.map((f) => ({ name: f.name, base64: Buffer.from(f.bytes).toString('base64') }));
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const f of list) {
      const binary = atob(f.base64);
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      transfer.items.add(new File([bytes], f.name, { type: 'application/pdf' }));
    }
    return transfer;
  }, payload);
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

/** No error page: the app's error boundary says 'Algo salió mal'. */
export async function expectNoCrash(page: Page, where: string): Promise<void> {
  expect(await page.getByText('Algo salió mal').count(), `'Algo salió mal' on ${where}`).toBe(0);
}

/** The bytes of a finished download. */
export async function bytesOf(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

// --- the API and Cognito, from the test itself ----------------------------------------------------

export interface Envelope<T = unknown> {
  status: number;
  success: boolean;
  data: T;
  error?: { code: string; message: string } | null;
}

/** Calls a route of the shared route table on the local cloud, as the SPA would. */
export async function callApi<T = unknown>(
  routeId: RouteId,
  opts: {
    token?: string;
    companyId?: string;
    params?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
  } = {},
): Promise<Envelope<T>> {
  const url = new URL(buildPath(routeId, opts.params), baseUrl());
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.companyId) headers['x-company-id'] = opts.companyId;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method: routes[routeId].method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await response.text();
  let json: Partial<Envelope<T>> = {};
  try {
    json = text ? (JSON.parse(text) as Partial<Envelope<T>>) : {};
  } catch {
    // Not an envelope; the status says enough.
  }
  return {
    status: response.status,
    success: Boolean(json.success),
    data: json.data as T,
    error: json.error ?? null,
  };
}

/** One call to the Cognito shim (/_cognito), as Amplify makes it. */
export async function cognito<T = Record<string, unknown>>(operation: string, body: unknown): Promise<T> {
  const response = await fetch(new URL('/_cognito', baseUrl()), {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`Cognito ${operation} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

/** An access token for a demo account, straight from Cognito (USER_PASSWORD_AUTH). */
export async function accessTokenFor(email: string, password: string = DEMO_PASSWORD): Promise<string> {
  const clientId = inject('localCloud').env.USER_POOL_CLIENT_ID;
  const answer = await cognito<{ AuthenticationResult?: { AccessToken?: string } }>('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: clientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  const token = answer.AuthenticationResult?.AccessToken;
  if (!token) throw new Error(`Cognito gave no access token for ${email}`);
  return token;
}

/**
 * Marks a user's onboarding as done through the onboarding API, so that its dialog (shown 1 s
 * after login while onboarding is pending) does not cover the page a test is about. Only the
 * onboarding test walks the dialog itself, with an account no other test finishes.
 */
export function finishOnboardingViaApi(email: string): Promise<void> {
  let done = onboardingFinished.get(email);
  if (!done) {
    done = finishOnboarding(email);
    onboardingFinished.set(email, done);
    done.catch(() => onboardingFinished.delete(email));
  }
  return done;
}

/** Once per account and test file. */
const onboardingFinished = new Map<string, Promise<void>>();

async function finishOnboarding(email: string): Promise<void> {
  const token = await accessTokenFor(email);
  const check = await callApi<{ needsOnboarding?: boolean }>('onboarding.check', { token });
  if (check.success && check.data?.needsOnboarding === false) return;
  const progress = await callApi<{ isCompleted?: boolean } | null>('onboarding.progress', { token });
  if (!(progress.success && progress.data)) await callApi('onboarding.initialize', { token });
  const done = await callApi('onboarding.complete', { token });
  if (!done.success) {
    throw new Error(
      `POST onboarding/complete for ${email} answered ${done.status}: ${done.error?.message ?? 'no envelope'}`,
    );
  }
}

/**
 * A new gestoría account, registered and verified through the API: a GESTOR that belongs to no
 * company yet (registration gives autónomos and company owners their first company, not an
 * advisor), so the SPA can select none. Returns its e-mail; the password is DEMO_PASSWORD.
 */
export async function registerGestorWithoutCompany(): Promise<string> {
  const email = `e2e-sin-empresa-${Date.now()}@cuadra.test`;
  const registered = await callApi('auth.register', {
    body: {
      email,
      password: DEMO_PASSWORD,
      firstName: 'Irene',
      lastName: 'Gómez Prieto',
      accountType: 'GESTORIA',
      firmName: 'Gestoría de Pruebas E2E',
      acceptTerms: true,
    },
  });
  if (!registered.success)
    throw new Error(`Registering ${email} answered ${registered.status}: ${registered.error?.message}`);
  await verifyEmailFromMailbox(email);
  return email;
}

/** Follows the verification link a new account receives in the dev mailbox, through the API. */
export async function verifyEmailFromMailbox(email: string): Promise<void> {
  // The verification link arrives in the dev mailbox (outbox -> queue -> SES emulator).
  const deadline = Date.now() + 30_000;
  let token: string | undefined;
  while (!token) {
    if (Date.now() > deadline) throw new Error(`No verification e-mail reached ${email} within 30 s`);
    const mails = (await (await fetch(new URL('/_dev/mailbox.json', baseUrl()))).json()) as {
      to: string[];
      text?: string;
      html?: string;
    }[];
    const mail = mails.find((m) => m.to.some((to) => to.includes(email)));
    token = mail && /verify-email\?token=([\w.~%-]+)/.exec(`${mail.text ?? ''} ${mail.html ?? ''}`)?.[1];
    if (!token) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const verified = await callApi('auth.verifyEmail', { query: { token: decodeURIComponent(token) } });
  if (!verified.success)
    throw new Error(`Verifying ${email} answered ${verified.status}: ${verified.error?.message}`);
}
