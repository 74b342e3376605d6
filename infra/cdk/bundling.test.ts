/**
 * The deploy (NodejsFunction) and the benchmark (esbuild.build) bundle the same way, and a real
 * handler bundled that way is the ESM bundle we promise: aliases resolved, SDK external, small.
 */

import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { invoice, issuer, settings } from '@functions/lib/pdf/test-fixtures';
import { domains } from '@infra/manifest';
import { OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import {
  assertLocalEsbuild,
  bundleAliases,
  esbuildOptionsFor,
  nodejsBundling,
  repoRoot,
  rootTsconfig,
} from './bundling';

const outdir = mkdtempSync(path.join(tmpdir(), 'cuadra-bundle-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('bundling', () => {
  it('describes one bundle for NodejsFunction and for esbuild.build', () => {
    const options = esbuildOptionsFor('/x/handler.ts', '/x/out.mjs');
    expect(nodejsBundling).toEqual({
      target: options.target,
      format: OutputFormat.ESM,
      minify: options.minify,
      sourceMap: options.sourcemap,
      mainFields: options.mainFields,
      banner: (options.banner as { js: string }).js,
      externalModules: options.external,
      tsconfig: options.tsconfig,
      esbuildArgs: {
        '--alias': Object.entries(options.alias ?? {}).map(([from, to]) => `${from}=${to}`),
      },
      logLevel: options.logLevel,
      forceDockerBundling: false,
    });
    expect(options).toMatchObject({
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      minify: true,
      sourcemap: false,
      mainFields: ['module', 'main'],
      external: ['@aws-sdk/*'],
      tsconfig: rootTsconfig,
    });
    expect(options.banner?.js).toContain('createRequire');
  });

  it('finds the local esbuild where NodejsFunction looks for it (so it never falls back to Docker)', () => {
    expect(() => assertLocalEsbuild()).not.toThrow();
  });

  it('bundles a domain handler into a small ESM file with the SDK left to the runtime', async () => {
    const withApi = Object.values(domains).find((d) => d.api)!;
    const entry = path.join(repoRoot, withApi.api!.entry);
    const outfile = path.join(outdir, 'index.mjs');

    await build(esbuildOptionsFor(entry, outfile));

    const code = readFileSync(outfile, 'utf8');
    expect(code.startsWith('import')).toBe(true); // the createRequire banner, ESM syntax
    expect(code).toMatch(/from\s*"@aws-sdk\//); // external, not bundled
    expect(statSync(outfile).size).toBeLessThan(400 * 1024);
  });

  it('bundles pdf-lib with Helvetica only: smaller, and the invoice PDF comes out byte for byte the same', async () => {
    expect(Object.keys(bundleAliases)).toEqual(['@pdf-lib/standard-fonts']);
    const entry = path.join(repoRoot, 'functions/lib/pdf/render-invoice-pdf.ts');
    const aliased = path.join(outdir, 'render-aliased.mjs');
    const full = path.join(outdir, 'render-full.mjs');
    await build(esbuildOptionsFor(entry, aliased));
    await build({ ...esbuildOptionsFor(entry, full), alias: {} });
    // The other twelve fonts' metrics are gone (~90 KB).
    expect(statSync(full).size - statSync(aliased).size).toBeGreaterThan(80 * 1024);

    type Renderer = typeof import('@functions/lib/pdf');
    const a = (await import(pathToFileURL(aliased).href)) as Renderer;
    const f = (await import(pathToFileURL(full).href)) as Renderer;
    const inv = invoice({ invoiceType: 'R1', notes: 'Núñez, 3º — 1.000 € ¿sí? AVA To Wa' });
    const [bytesA, bytesF] = await Promise.all([
      a.renderInvoicePdf(inv, issuer, settings),
      f.renderInvoicePdf(inv, issuer, settings),
    ]);
    expect(Buffer.from(bytesA).equals(Buffer.from(bytesF))).toBe(true);
  });
});
