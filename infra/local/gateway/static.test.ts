import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rawRequest, startTestGateway, type TestGateway } from './test-support';

const INDEX =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/app-3f9a1c.js"></script></body></html>';
const APP_JS = `console.log(${JSON.stringify('cuadra '.repeat(500))});`;
const SECRET = 'contenido-secreto-fuera-de-dist';

let workDir: string;
let tg: TestGateway;

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  workDir = await mkdtemp(path.join(tmpdir(), 'cuadra-static-'));
  const dist = path.join(workDir, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'assets', 'app-3f9a1c.js'), APP_JS);
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(workDir, 'secret.txt'), SECRET);
  await symlink(path.join(workDir, 'secret.txt'), path.join(dist, 'enlace.txt'));
  tg = await startTestGateway({ staticDir: dist });
});
afterAll(async () => {
  await tg.gateway.close();
  await rm(workDir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

const get = (urlPath: string, headers: string[] = []) =>
  rawRequest(tg.gateway.port, { path: urlPath, headers });

describe('static files', () => {
  it('serves index.html at / without long caching', async () => {
    const res = await get('/');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body.toString()).toBe(INDEX);
  });

  it('falls back to index.html for client-side routes without an extension', async () => {
    const res = await get('/empresas/123/facturas?pagina=2');

    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body.toString()).toBe(INDEX);
  });

  it('answers 404, not index.html, for a missing file with an extension', async () => {
    const res = await get('/assets/missing-123.js');

    expect(res.status).toBe(404);
    expect(res.body.toString()).not.toContain('<div id="root">');
  });

  it('serves hashed assets with their type and a long immutable cache', async () => {
    const res = await get('/assets/app-3f9a1c.js');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe(APP_JS);
  });

  it('gzips compressible files when the client accepts gzip', async () => {
    const res = await get('/assets/app-3f9a1c.js', ['Accept-Encoding', 'gzip, br']);

    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.body.length).toBeLessThan(APP_JS.length);
    expect(gunzipSync(res.body).toString()).toBe(APP_JS);
  });

  it('does not gzip when the client refuses it with q=0', async () => {
    const res = await get('/assets/app-3f9a1c.js', ['Accept-Encoding', 'gzip;q=0, identity']);

    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/favicon.svg');
    const etag = String(first.headers.etag);

    const second = await get('/favicon.svg', ['If-None-Match', etag]);

    expect(first.headers['content-type']).toBe('image/svg+xml');
    expect(second.status).toBe(304);
    expect(second.body.length).toBe(0);
  });

  it.each([
    ['/../secret.txt'],
    ['/..%2fsecret.txt'],
    ['/%2e%2e/secret.txt'],
    ['/assets/..%2f..%2fsecret.txt'],
    ['/assets/%2e%2e%5c..%5csecret.txt'],
    ['/enlace.txt'],
    ['/%00secret.txt'],
  ])('never serves files outside the static folder: %s', async (urlPath) => {
    const res = await get(urlPath);

    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.body.toString()).not.toContain(SECRET);
  });

  it('refuses methods other than GET and HEAD', async () => {
    const res = await rawRequest(tg.gateway.port, { method: 'POST', path: '/', body: 'x' });

    expect(res.status).toBe(405);
  });
});

describe('SPA not built', () => {
  it('explains how to build the SPA when the folder is missing', async () => {
    const bare = await startTestGateway({ staticDir: path.join(workDir, 'no-such-dist') });
    try {
      const res = await fetch(`${bare.gateway.url}/empresas`);

      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toContain('text/html');
      const html = await res.text();
      expect(html).toContain('La aplicación web no está compilada');
      expect(html).toContain('npm run build:web');
    } finally {
      await bare.gateway.close();
    }
  });

  it('explains it too when the folder exists without index.html', async () => {
    const empty = path.join(workDir, 'empty-dist');
    await mkdir(empty);
    const bare = await startTestGateway({ staticDir: empty });
    try {
      const res = await fetch(`${bare.gateway.url}/`);

      expect(res.status).toBe(503);
      expect(await res.text()).toContain('npm run build:web');
    } finally {
      await bare.gateway.close();
    }
  });
});
