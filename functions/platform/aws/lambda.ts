/**
 * The Lambda client, loaded on first use: only the callers of another function (manifest
 * `invokables`) need it, and only on the paths that call (a recurring run that sends nothing never
 * loads it), so `@aws-sdk/client-lambda` adds nothing to their cold start (see s3-lazy.ts).
 * Locally AWS_ENDPOINT_URL_LAMBDA points it at the local cloud's Invoke endpoint.
 *
 * Two clients: a synchronous invoke whose answer is lost may already have run, so a call that must
 * not run twice (queueing an e-mail) is made once, without the SDK's retries; an idempotent one
 * (storing a PDF under a fixed key) keeps the SDK's standard retries.
 */

import type { LambdaClient } from '@aws-sdk/client-lambda';

type LambdaModule = typeof import('@aws-sdk/client-lambda');

export interface LambdaClients {
  sdk: LambdaModule;
  /** Standard SDK retries (throttling, transient network errors). */
  retrying: LambdaClient;
  /** One attempt only. */
  singleAttempt: LambdaClient;
}

let loaded: Promise<LambdaClients> | undefined;

export function lazyLambda(): Promise<LambdaClients> {
  loaded ??= import('@aws-sdk/client-lambda').then((sdk) => ({
    sdk,
    retrying: new sdk.LambdaClient({}),
    singleAttempt: new sdk.LambdaClient({ maxAttempts: 1 }),
  }));
  return loaded;
}
