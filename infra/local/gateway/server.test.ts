import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestGateway, type TestGateway } from './test-support';

let tg: TestGateway;

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  tg = await startTestGateway();
});
afterAll(async () => {
  await tg.gateway.close();
  vi.restoreAllMocks();
});

describe('startGateway', () => {
  it('reports the real port when started on port 0', () => {
    expect(tg.gateway.port).toBeGreaterThan(0);
    expect(tg.gateway.url).toBe(`http://127.0.0.1:${tg.gateway.port}`);
    expect(tg.gateway.wsManagementEndpoint).toBe(`http://127.0.0.1:${tg.gateway.port}/_ws`);
  });

  it('serves the web runtime config without caching', async () => {
    const res = await fetch(`${tg.gateway.url}/config.json`);

    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ userPoolId: 'local_pool', userPoolClientId: 'local-client' });
  });

  it('fails to start with a clear error when the port is taken', async () => {
    await expect(startTestGateway({ port: tg.gateway.port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });

  it('stops listening on close, even with keep-alive connections open', async () => {
    const own = await startTestGateway();
    await fetch(`${own.gateway.url}/config.json`); // leaves a keep-alive connection behind

    await own.gateway.close();

    await expect(fetch(`${own.gateway.url}/config.json`)).rejects.toThrow();
  });
});
