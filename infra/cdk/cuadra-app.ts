/**
 * Builds the CDK app: one stack per stage, tagged, with cdk-nag's AwsSolutions pack registered so
 * that `cdk synth` fails on any unacknowledged error. `app.ts` (the `cdk.json` entry) and the infra
 * tests both build the app through here, so what the tests check is what `cdk synth` produces.
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App, Tags } from 'aws-cdk-lib';
import { repoRoot } from './bundling';
import { type CuadraConfig, configFromContext } from './config';
import type { CuadraManifest } from './cuadra-manifest';
import { CuadraStack } from './cuadra-stack';
import { enableNag } from './nag';

export interface CuadraAppOptions {
  /** Context for a test app (the CLI passes cdk.json's context itself). */
  context?: Record<string, unknown>;
  outdir?: string;
  /** Register cdk-nag as a synth-time validation plugin (default true). */
  nag?: boolean;
  manifest?: CuadraManifest;
}

export interface CuadraApp {
  app: App;
  stack: CuadraStack;
  config: CuadraConfig;
}

export function createCuadraApp(options: CuadraAppOptions = {}): CuadraApp {
  const app = new App({
    ...(options.context ? { context: options.context } : {}),
    ...(options.outdir ? { outdir: options.outdir } : {}),
  });
  const config = configFromContext(app);
  const account = process.env.CDK_DEFAULT_ACCOUNT;
  const stack = new CuadraStack(app, `cuadra-${config.stage}`, {
    description: `Cuadra (${config.stage}): API, WebSocket, data, storage and SPA`,
    config,
    // The region is configuration (TableV2 with a customer-managed key cannot be region-agnostic);
    // the account is whatever the CLI's credentials say, or unknown offline (synth still works).
    env: { region: config.region, ...(account ? { account } : {}) },
    ...(options.manifest ? { manifest: options.manifest } : {}),
  });
  Tags.of(app).add('app', 'cuadra');
  Tags.of(app).add('stage', config.stage);
  if (options.nag !== false) enableNag(app);
  return { app, stack, config };
}

/** The context of the repository's cdk.json (feature flags and configuration), for test apps. */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  return cdkJson.context ?? {};
}
