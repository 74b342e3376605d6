import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_CONTENT_SECURITY_POLICY } from '@shared/api/security-headers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { spaConnectSources } from './security-headers';
import { startTestGateway, type TestGateway } from './test-support';

let workDir: string;
let tg: TestGateway;
let base: string;

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  workDir = await mkdtemp(path.join(tmpdir(), 'cuadra-headers-'));
  await mkdir(path.join(workDir, 'assets'), { recursive: true });
  await writeFile(path.join(workDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(workDir, 'assets', 'app.js'), 'console.log(1)');
  tg = await startTestGateway({ staticDir: workDir });
  base = tg.gateway.url;
});
afterAll(async () => {
  await tg.gateway.close();
  await rm(workDir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

const expectCommon = (res: Response) => {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
};

describe('security headers on every answer of the local gateway (issue 12 item 11)', () => {
  it('serves the SPA with a strict CSP: scripts from the origin only, no framing, the WebSocket allowed', async () => {
    for (const urlPath of ['/', '/app/facturas', '/assets/app.js']) {
      const res = await fetch(`${base}${urlPath}`);
      expect(res.status, urlPath).toBe(200);
      expectCommon(res);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, urlPath).toContain("script-src 'self';");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/connect-src 'self'[^;]* ws:\/\/127\.0\.0\.1/);
    }
  });

  it.each([
    ['an API success', '/api/v1/companies', { Authorization: 'Bearer good' }, 200],
    ["the gateway's own 401 (no token)", '/api/v1/companies', {}, 401],
    ["the gateway's own 401 (bad token)", '/api/v1/companies', { Authorization: 'Bearer nope' }, 401],
    ["the gateway's own 404 (no such route)", '/api/v1/no-existe', { Authorization: 'Bearer good' }, 404],
    ['the runtime configuration', '/config.json', {}, 200],
  ])('puts them on %s', async (_what, urlPath, headers, status) => {
    const res = await fetch(`${base}${urlPath}`, { headers });
    expect(res.status).toBe(status);
    expectCommon(res);
    expect(res.headers.get('content-security-policy')).toBe(API_CONTENT_SECURITY_POLICY);
  });

  it('puts nosniff, the referrer policy and DENY on the dev pages too', async () => {
    const res = await fetch(`${base}/_dev/mailbox`);
    expect(res.status).toBe(200);
    expectCommon(res);
  });
});

describe('spaConnectSources', () => {
  it('takes the absolute origins of the configuration and ignores same-origin paths', () => {
    expect(
      spaConnectSources({
        apiBaseUrl: '',
        region: 'eu-west-1',
        userPoolId: 'p',
        userPoolClientId: 'c',
        userPoolEndpoint: '/_cognito',
        wsUrl: 'ws://localhost:3000/ws',
      }),
    ).toEqual(['ws://localhost:3000']);
  });
});
