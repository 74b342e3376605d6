/**
 * How every Lambda of Cuadra is bundled: ONE definition, exported twice so the deploy
 * (NodejsFunction) and the benchmark (`esbuild.build`, `npm run bench`) cannot drift apart.
 *
 * - Minified ESM for node22: ESM bundles are ~25 % smaller and load ~25 % faster than CJS
 *   (reference/tooling.md §5). `mainFields: module,main` picks the ESM build of dependencies.
 * - CJS dependencies call `require`, which does not exist in ESM: the banner recreates it.
 * - `@aws-sdk/*` stays external: Lambda's Node 22 runtime ships SDK v3, and bundles must stay
 *   under 400 KB (the benchmark checks it).
 * - No source maps: they double the bundle and slow the cold start; stack traces point at
 *   minified code, which the structured logs compensate for with request ids.
 * - The root tsconfig.json is passed so the `@shared/*`, `@functions/*` aliases resolve.
 * - `@pdf-lib/standard-fonts` is aliased to a copy that carries Helvetica and Helvetica-Bold only
 *   (functions/lib/pdf/standard-fonts-helvetica.ts): the metrics of the other twelve standard
 *   fonts are ~90 KB of the pdf bundle that the invoice PDF never draws with. Only bundles that use
 *   pdf-lib are affected; loading another standard font there fails with a clear error.
 * - Never Docker: the locally installed esbuild bundles (Docker is not available in CI).
 */

import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogLevel, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';

/** The repository root (this file is infra/cdk/bundling.ts). */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Where esbuild reads the path aliases from. */
export const rootTsconfig = path.join(repoRoot, 'tsconfig.json');

/** NodejsFunction needs the lock file to find the project root; ours is the workspace root's. */
export const depsLockFilePath = path.join(repoRoot, 'package-lock.json');

/**
 * Recreates `require` inside the ESM bundle for CommonJS dependencies. The import is aliased so
 * it cannot collide with a bundled identifier.
 */
export const esmRequireBanner =
  "import { createRequire as __cuadraCreateRequire } from 'node:module'; const require = __cuadraCreateRequire(import.meta.url);";

/** Package substitutions (esbuild `alias`), applied to deploy and benchmark alike. */
export const bundleAliases: Record<string, string> = {
  '@pdf-lib/standard-fonts': path.join(repoRoot, 'functions/lib/pdf/standard-fonts-helvetica.ts'),
};

/** The bundle, described once; both exports below are projections of it. */
export const lambdaBundle = {
  target: 'node22',
  platform: 'node',
  format: 'esm',
  minify: true,
  sourcemap: false,
  mainFields: ['module', 'main'],
  banner: esmRequireBanner,
  external: ['@aws-sdk/*'],
  tsconfig: rootTsconfig,
} as const;

/** `bundling` props of NodejsFunction: local esbuild, never Docker. */
export const nodejsBundling: BundlingOptions = {
  target: lambdaBundle.target,
  format: OutputFormat.ESM,
  minify: lambdaBundle.minify,
  sourceMap: lambdaBundle.sourcemap,
  mainFields: [...lambdaBundle.mainFields],
  banner: lambdaBundle.banner,
  externalModules: [...lambdaBundle.external],
  tsconfig: lambdaBundle.tsconfig,
  esbuildArgs: { '--alias': Object.entries(bundleAliases).map(([from, to]) => `${from}=${to}`) },
  // esbuild's per-bundle size report would flood `cdk synth` and the test output; warnings still show.
  logLevel: LogLevel.WARNING,
  forceDockerBundling: false,
};

/** Options for `esbuild.build` that produce the same bundle as the deploy (used by `npm run bench`). */
export function esbuildOptionsFor(entryAbsPath: string, outfile: string): BuildOptions {
  return {
    entryPoints: [entryAbsPath],
    outfile,
    bundle: true,
    platform: lambdaBundle.platform,
    target: lambdaBundle.target,
    format: lambdaBundle.format,
    minify: lambdaBundle.minify,
    sourcemap: lambdaBundle.sourcemap,
    mainFields: [...lambdaBundle.mainFields],
    banner: { js: lambdaBundle.banner },
    external: [...lambdaBundle.external],
    tsconfig: lambdaBundle.tsconfig,
    alias: { ...bundleAliases },
    logLevel: 'warning',
  };
}

let esbuildChecked = false;

/**
 * NodejsFunction silently falls back to Docker when it cannot `require('esbuild')` from where
 * aws-cdk-lib is installed. Fail loudly instead: Cuadra bundles with the local esbuild only.
 */
export function assertLocalEsbuild(): void {
  if (esbuildChecked) return;
  const fromCdkLib = createRequire(createRequire(import.meta.url).resolve('aws-cdk-lib'));
  try {
    fromCdkLib.resolve('esbuild/package.json');
  } catch {
    throw new Error('esbuild is not installed next to aws-cdk-lib: NodejsFunction would bundle with Docker');
  }
  esbuildChecked = true;
}
