/**
 * How the e2e suite runs Chromium on this kind of machine: Debian's `chromium` package driven by
 * playwright-core (Playwright's own browser download cannot work here), headless, without the
 * background connections a closed network refuses.
 */

import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Debian's Chromium; `CUADRA_CHROMIUM` points elsewhere (e.g. a Chrome on a developer machine). */
export const CHROMIUM_PATH = process.env.CUADRA_CHROMIUM ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Page screenshots (stable names, overwritten each run) and failure screenshots. Git-ignored. */
export const SCREENSHOT_DIR = fileURLToPath(new URL('./screenshots/', import.meta.url));

export const screenshotPath = (name: string) => path.join(SCREENSHOT_DIR, `${name}.png`);

export function chromiumMissingMessage(): string {
  return [
    `Chromium is not installed at ${CHROMIUM_PATH}: the e2e tests drive a real headless Chromium.`,
    '  Install it with:  sudo apt-get install -y chromium',
    '  (CI installs it in .ci/run; set CUADRA_CHROMIUM to use another Chromium or Chrome binary.)',
    `Chromium no está instalado en ${CHROMIUM_PATH}: instálalo con \`apt-get install chromium\`.`,
  ].join('\n');
}
