/**
 * Test helpers: a gateway on a free port with a fake verifier, a recording fake `invoke`, an
 * in-memory mailbox and fake schedules; plus a raw HTTP client for requests `fetch` would
 * normalise (duplicate headers, `..` in paths, gzip).
 */

import { request } from 'node:http';
import type { AccessTokenVerifier } from '@functions/platform/jwt';
import type { EntryPoint } from '@infra/manifest';
import type { GatewayOptions, RunningGateway, SentMail } from '../types';
import { startGateway } from './server';

export interface InvokeCall {
  entry: EntryPoint;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever shape the gateway built
  event: any;
  functionName: string | undefined;
}

export type FakeHandler = (entry: EntryPoint, event: unknown) => unknown;

export interface TestGateway {
  gateway: RunningGateway;
  calls: InvokeCall[];
  /** What the fake Lambda runtime does; replace per test. */
  handler: FakeHandler;
  mails: SentMail[];
  ranSchedules: string[];
  /** The instant each run of `ranSchedules` was asked to run as (undefined: now). */
  ranScheduleTimes: (Date | undefined)[];
}

export const GOOD_CLAIMS = {
  sub: 'user-1',
  username: 'ana@example.com',
  'cognito:groups': ['ADMIN', 'GESTOR'],
  client_id: 'local-client',
  token_use: 'access',
  exp: 2_000_000_000,
  iat: 1_700_000_000,
};

/** Accepts 'good', reports 'expired' as expired, anything else as invalid; Bearer optional. */
export const fakeVerifier: AccessTokenVerifier = async (token) => {
  const raw = token?.replace(/^Bearer\s+/i, '').trim();
  if (!raw) return { ok: false, reason: 'missing' };
  if (raw === 'good') return { ok: true, claims: { ...GOOD_CLAIMS } };
  return { ok: false, reason: raw === 'expired' ? 'expired' : 'invalid' };
};

export const okResult = (data: unknown = { echo: true }) => ({
  statusCode: 200,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ success: true, data, error: null }),
});

export async function startTestGateway(overrides: Partial<GatewayOptions> = {}): Promise<TestGateway> {
  const state: Omit<TestGateway, 'gateway'> = {
    calls: [],
    handler: () => okResult(),
    mails: [],
    ranSchedules: [],
    ranScheduleTimes: [],
  };
  const gateway = await startGateway({
    host: '127.0.0.1',
    port: 0,
    verifier: fakeVerifier,
    invoke: async (entry, event, opts) => {
      state.calls.push({ entry, event, functionName: opts?.functionName });
      return state.handler(entry, event);
    },
    cognitoUrl: 'http://127.0.0.1:9',
    webConfig: {
      apiBaseUrl: 'http://127.0.0.1/api/v1',
      region: 'eu-west-1',
      userPoolId: 'local_pool',
      userPoolClientId: 'local-client',
      wsUrl: 'ws://127.0.0.1/ws',
    },
    mailbox: {
      list: async () => state.mails,
      get: async (id) => state.mails.find((m) => m.id === id),
    },
    staticDir: '/nonexistent/web/dist',
    dev: {
      schedules: () => ['outbox-sweep'],
      runSchedule: async (name, at) => {
        state.ranSchedules.push(name);
        state.ranScheduleTimes.push(at);
      },
    },
    ...overrides,
  });
  const tg = state as TestGateway;
  tg.gateway = gateway;
  return tg;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** An HTTP request sent exactly as given: the path is not normalised, headers may repeat. */
export function rawRequest(
  port: number,
  opts: { method?: string; path: string; headers?: string[]; body?: Buffer | string },
): Promise<RawResponse> {
  // Node adds no Host header to raw (array) headers, and its server refuses HTTP/1.1 without one.
  const headers = ['Host', `127.0.0.1:${port}`, ...(opts.headers ?? [])];
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: opts.method ?? 'GET', path: opts.path, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}
