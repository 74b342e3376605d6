/**
 * Vitest global setup of the `e2e` project: the SPA built (when web/dist is missing or older than
 * its sources), one local cloud started exactly as the `integration` project starts it (the same
 * setup, imported, not copied), and one headless Chromium for the whole run, shared by every test
 * file through its Playwright endpoint (`inject('e2e').wsEndpoint`).
 *
 * Nothing here throws: a failed build, a cloud that does not start or a missing Chromium would
 * otherwise abort the whole `npm test`, every other project included. The reason is handed to the
 * tests instead, and every e2e test fails with it (never a silent skip).
 */

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { setup as startLocalCloud, teardown as stopLocalCloud } from '../../infra/local/test-global-setup';
import { buildWeb, webBuildNeed } from '../../infra/local/web-build';
import { CHROMIUM_ARGS, CHROMIUM_PATH, chromiumMissingMessage, SCREENSHOT_DIR } from './browser';

export interface E2EContext {
  /** Playwright endpoint of the shared browser; absent when it could not start. */
  wsEndpoint?: string;
  /** Why the suite cannot run (build, cloud or browser); every test fails with these. */
  problems: string[];
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2EContext;
  }
}

const rootDir = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** Vite's coloured output, made readable in a test report. */
const ANSI_COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

let server: BrowserServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  const problems: string[] = [];
  const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

  // Screenshots of failures belong to this run only; the named page screenshots are overwritten.
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const file of fs.readdirSync(SCREENSHOT_DIR))
    if (file.startsWith('failed-')) fs.rmSync(path.join(SCREENSHOT_DIR, file), { force: true });

  // The browser first: when it is missing there is no point in building or starting anything.
  if (!fs.existsSync(CHROMIUM_PATH)) {
    project.provide('e2e', { problems: [chromiumMissingMessage()] });
    return;
  }

  const need = webBuildNeed(rootDir);
  if (need === 'missing-sources') {
    problems.push('web/index.html does not exist: there is no SPA to test.');
  } else if (need !== 'fresh') {
    const started = performance.now();
    try {
      await buildWeb(rootDir);
      console.log(`[e2e] SPA built with vite (${need}) in ${seconds(started)}`);
    } catch (error) {
      const output = (error as Error).message.replace(ANSI_COLOURS, '');
      problems.push(`The SPA does not build (cd web && npx vite build):\n${output}`);
    }
  }

  if (problems.length === 0) {
    const started = performance.now();
    try {
      // Provides `localCloud` ({ url, env, ... }) to the tests, as for the integration project.
      await startLocalCloud(project);
      console.log(`[e2e] local cloud ready in ${seconds(started)}`);
    } catch (error) {
      problems.push(`The local cloud did not start:\n${(error as Error).message}`);
    }
  }

  let wsEndpoint: string | undefined;
  if (problems.length === 0) {
    try {
      server = await chromium.launchServer({
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: CHROMIUM_ARGS,
      });
      wsEndpoint = server.wsEndpoint();
    } catch (error) {
      problems.push(`Chromium (${CHROMIUM_PATH}) did not start:\n${(error as Error).message}`);
    }
  }

  project.provide('e2e', { problems, ...(wsEndpoint ? { wsEndpoint } : {}) });
}

export async function teardown(): Promise<void> {
  const running = server;
  server = undefined;
  await running?.close().catch(() => undefined);
  await stopLocalCloud();
}
