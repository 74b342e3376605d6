/**
 * Contracts between the pieces of the local cloud (engines, gateways, seed), so each can be
 * written and tested on its own. `cloud.ts` wires them together.
 */

import type { AccessTokenVerifier } from '@functions/platform/jwt';
import type { EntryPoint } from '../manifest';

/** Invokes a Lambda entry point in process, the way the Lambda runtime would. */
export type Invoke = (
  entry: EntryPoint,
  event: unknown,
  opts?: { functionName?: string },
) => Promise<unknown>;

/** One e-mail accepted by the local SES (SESv2 SendEmail) emulator. */
export interface SentMail {
  id: string;
  at: string;
  from: string;
  to: string[];
  cc: string[];
  /** Blind copies (not visible in the message itself, but SES was asked to deliver to them). */
  bcc?: string[];
  replyTo?: string[];
  subject: string;
  text?: string;
  html?: string;
  /** Raw MIME when the sender used a raw message (attachments). */
  raw?: string;
  /** What was attached (Simple content attachments or the parts of a raw message). */
  attachments?: { filename?: string; contentType: string; size: number }[];
}

export interface Mailbox {
  list(): Promise<SentMail[]>;
  get(id: string): Promise<SentMail | undefined>;
}

/** The web client's runtime configuration, served as /config.json. */
export interface WebRuntimeConfig {
  apiBaseUrl: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  userPoolEndpoint?: string;
  wsUrl: string;
  /** The provider shown on the legal pages (web/src/lib/runtime-config.ts `LegalEntityConfig`). */
  legalEntity?: Record<string, string | boolean>;
}

export interface GatewayOptions {
  host: string;
  port: number;
  verifier: AccessTokenVerifier;
  invoke: Invoke;
  /** Base URL of cognito-local (the shim under /_cognito proxies to it). */
  cognitoUrl: string;
  /** Where the Cognito shim keeps its emulated global sign-outs (beside cognito-local's data). */
  cognitoSignOutsFile?: string;
  webConfig: WebRuntimeConfig;
  mailbox: Mailbox;
  /** Built SPA (web/dist); index.html is the fallback for unknown non-API paths. */
  staticDir: string;
  /** Dev-only actions exposed under /_dev (run a schedule now, list queues, ...). */
  dev: {
    schedules: () => string[];
    /** Runs a schedule at once; its event's `time` is `at` (default: now). */
    runSchedule: (name: string, at?: Date) => Promise<void>;
  };
}

export interface RunningGateway {
  url: string;
  port: number;
  /** The @connections management endpoint (WS_MANAGEMENT_ENDPOINT). */
  wsManagementEndpoint: string;
  close(): Promise<void>;
}

/** What a started local cloud exposes to the seed, the tests and the printout. */
export interface LocalCloudInfo {
  url: string;
  /** Environment the handlers run with (endpoints, table, queues, pool ids). */
  env: Record<string, string>;
  dataDir: string;
  /** Inbound SMTP port (SES inbound stand-in); the ready file of `npm start` carries it too. */
  smtpPort?: number;
  /**
   * The local AEAT (VERI*FACTU SOAP) simulator: `url` is its SOAP endpoint, `controlUrl` the base of
   * its control API (`infra/local/testing/aeat-simulator.ts`), `caFile` the CA its certificate chains to.
   */
  aeatSimulator?: { url: string; controlUrl: string; caFile: string };
  /** The sandbox bank (issue 19): GoCardless-like API, consent page and `/_sandbox` test knobs. */
  sandboxBank?: { url: string };
}
