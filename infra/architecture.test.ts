/**
 * Architecture rules (ARCHITECTURE §3, CONVENTIONS 4, 5, 7), checked by scanning imports:
 * shared/ imports nothing from the other folders; domains never import each other; only store/,
 * workers/, functions/platform and the store libraries import the AWS SDK or Lambda types; zod is
 * imported as a namespace; DynamoDB keys are composed only in shared/db (every prefix the key
 * builders use). The layers: a library (functions/lib/<name>/) is imported from outside only through
 * its face; libraries never import a domain; functions/platform imports neither; a domain reaches a
 * store library only from store/ and workers/; web features never import each other; the local
 * cloud's runtime imports no testing/ helper.
 */

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { routeIds, routes } from '@shared/api/routes';
import { describe, expect, it } from 'vitest';
import { type DomainName, domains, routesOf } from './manifest';

const root = fileURLToPath(new URL('..', import.meta.url));

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(root, dir))) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(join(root, p)).isDirectory()) out.push(...sources(p));
    else if (/\.(ts|tsx)$/.test(name)) out.push(p);
  }
  return out;
}

const importsOf = (file: string): string[] =>
  [
    ...readFileSync(join(root, file), 'utf8').matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g),
  ].map((m) => m[1]!);

const isTest = (f: string) => /\.(int\.)?test\.tsx?$/.test(f) || f.includes('/testing/');

/** The repository path an import points at (aliases and relative paths); null for a package. */
function resolveImport(file: string, spec: string): string | null {
  const alias = spec.match(/^@(shared|functions|infra|web)\/(.*)$/);
  if (alias) return `${alias[1] === 'web' ? 'web/src' : alias[1]}/${alias[2]}`;
  return spec.startsWith('.') ? posix.join(posix.dirname(file), spec) : null;
}

/**
 * The layer of domain libraries (functions/lib/<name>/, ARCHITECTURE §3): each is imported by other
 * code only through its face `@functions/lib/<name>` (index.ts). Store libraries read or write
 * DynamoDB, S3, KMS or SES, like a domain's store/: only they (and store/, workers/,
 * functions/platform) may import the AWS SDK, and an action reaches them only through its own
 * domain's store/. The others are pure: they import no SDK.
 */
const storeLibraries = [
  'directory',
  'document-reading',
  'invoice-document',
  'invoice-emails',
  'notifications',
  'secret-box',
  'tax-aggregates',
  'verifactu-chain',
  'verifactu-sending',
];
const libraryOf = (path: string) => path.match(/^functions\/lib\/([^/]+)\//)?.[1];

const mayTouchAws = (f: string) =>
  /^functions\/domains\/[^/]+\/(store|workers)\//.test(f) ||
  f.startsWith('functions/platform/') ||
  storeLibraries.includes(libraryOf(f) ?? '');

/** Every key prefix the key builders compose (`'PREFIX#` in shared/db/keys*.ts): a raw one elsewhere is a bug. */
const keyPrefixes = [
  ...new Set(
    ['shared/db/keys.ts', ...sources('shared/db/keys')].flatMap((f) =>
      [...readFileSync(join(root, f), 'utf8').matchAll(/['"`]([A-Z][A-Z0-9_]*)#/g)].map((m) => m[1]!),
    ),
  ),
].sort();

describe('architecture', () => {
  it('shared imports nothing from functions, infra or web, nor any AWS SDK, React or Node API', () => {
    const offenders = sources('shared')
      .filter((f) => !isTest(f))
      .flatMap((f) =>
        importsOf(f)
          .filter((i) => /^@(functions|infra|web)\/|^@aws-sdk|^aws-lambda|^react|^node:/.test(i))
          .map((i) => `${f} -> ${i}`),
      );
    expect(offenders).toEqual([]);
  });

  it('domains never import each other (by alias, or by a relative path that climbs into another)', () => {
    const offenders = sources('functions/domains').flatMap((f) => {
      const own = f.split('/')[2];
      return importsOf(f)
        .filter((i) => {
          const target = resolveImport(f, i);
          const other = target?.match(/^functions\/domains\/([^/]+)\//)?.[1];
          return other !== undefined && other !== own;
        })
        .map((i) => `${f} -> ${i}`);
    });
    expect(offenders).toEqual([]);
  });

  it('only store/, workers/, functions/platform and the store libraries import the AWS SDK or Lambda types', () => {
    const offenders = sources('functions')
      .filter((f) => !isTest(f) && !mayTouchAws(f))
      .flatMap((f) =>
        importsOf(f)
          .filter((i) => /^@aws-sdk\/|^aws-lambda$/.test(i))
          .map((i) => `${f} -> ${i}`),
      );
    expect(offenders).toEqual([]);
  });

  it('imports zod as a namespace (the named import bundles every locale)', () => {
    const offenders = [...sources('shared'), ...sources('functions'), ...sources('web/src')].filter((f) =>
      /import\s*\{\s*z\s*\}\s*from\s*['"]zod['"]/.test(readFileSync(join(root, f), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('composes DynamoDB keys only in shared/db (every prefix its key builders use)', () => {
    expect(keyPrefixes).toEqual(expect.arrayContaining(['COMPANY', 'USER', 'VF', 'INVOICE', 'OUTBOX']));
    const raw = new RegExp(`['"\`](${keyPrefixes.join('|')})#`);
    // Comments may name a key's shape; code may not compose one.
    const code = (f: string) =>
      readFileSync(join(root, f), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
    const offenders = [...sources('functions'), ...sources('infra/local')]
      .filter((f) => !isTest(f))
      .filter((f) => raw.test(code(f)))
      .map((f) => relative(root, join(root, f)));
    expect(offenders).toEqual([]);
  });

  it('nothing under functions/ but a test file imports infra/ (environment names live in shared/config)', () => {
    const specifiers = (f: string) => [
      ...importsOf(f),
      ...[...readFileSync(join(root, f), 'utf8').matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
        (m) => m[1]!,
      ),
    ];
    const offenders = sources('functions')
      .filter((f) => !/\.(int\.)?test\.tsx?$/.test(f))
      .flatMap((f) =>
        specifiers(f)
          .filter(
            (i) => i.startsWith('@infra/') || (i.startsWith('.') && join(f, '..', i).startsWith('infra/')),
          )
          .map((i) => `${f} -> ${i}`),
      );
    expect(offenders).toEqual([]);
  });
});

describe('route table and manifest', () => {
  it('every route names a domain of the manifest that has an API entry point', () => {
    for (const id of routeIds) {
      const d = domains[routes[id].domain as DomainName];
      expect(d, `${id} -> ${routes[id].domain}`).toBeDefined();
      expect(d.api, `${routes[id].domain} has no api entry`).toBeDefined();
    }
  });

  it('every domain with an API entry point serves at least one route', () => {
    for (const [name, d] of Object.entries(domains)) {
      if (d.api) expect(routesOf(name as DomainName).length, name).toBeGreaterThan(0);
    }
  });

  it('route ids, paths and methods are unique and well formed', () => {
    const seen = new Set<string>();
    for (const id of routeIds) {
      const r = routes[id];
      expect(r.path).toMatch(/^\/api\/v1\/[a-z0-9\-/{}A-Z]+$/);
      const sig = `${r.method} ${r.path}`;
      expect(seen.has(sig), sig).toBe(false);
      seen.add(sig);
      if (r.path.includes('{companyId}'))
        expect(r.company, `${id} has {companyId} but is not company-scoped`).toBe(true);
      if (r.company) expect(r.auth, `${id} is company-scoped but public`).toBe('user');
    }
  });
});

describe('layers: libraries, platform, actions, web features', () => {
  /** Static imports and re-exports of a file, each with whether it is type-only (erased at build). */
  const importsWithKind = (file: string) =>
    [
      ...readFileSync(join(root, file), 'utf8').matchAll(
        /(?:^|\n)\s*(?:import|export)(\s+type)?\s*([^'";]*?)\s*from\s+['"]([^'"]+)['"]/g,
      ),
    ].map((m) => {
      const clause = m[2]!.trim();
      const names = clause
        .match(/^\{([^}]*)\}$/)?.[1]
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const typeOnly = Boolean(m[1]) || (names?.every((n) => n.startsWith('type ')) ?? false);
      return { spec: m[3]!, typeOnly };
    });

  const everySource = () => [
    ...sources('shared'),
    ...sources('functions'),
    ...sources('infra'),
    ...sources('web/src'),
  ];

  it('resolves aliases and relative paths that climb out of a folder (the rules below rely on it)', () => {
    expect(resolveImport('functions/domains/a/actions/x.ts', '../../b/store/y')).toBe(
      'functions/domains/b/store/y',
    );
    expect(resolveImport('functions/domains/a/actions/x.ts', '@functions/domains/b/model/z')).toBe(
      'functions/domains/b/model/z',
    );
    expect(resolveImport('web/src/features/a/pages/p.tsx', '../../b/api/q')).toBe('web/src/features/b/api/q');
    expect(resolveImport('web/src/app/router.tsx', '@web/features/b/api/q')).toBe('web/src/features/b/api/q');
    expect(resolveImport('functions/domains/a/store/s.ts', '@aws-sdk/lib-dynamodb')).toBeNull();
  });

  it('declares only libraries that exist as store libraries', () => {
    for (const name of storeLibraries) {
      expect(existsSync(join(root, 'functions/lib', name, 'index.ts')), name).toBe(true);
    }
  });

  it('imports a library from outside only through its face (tests may also use its testing helpers)', () => {
    const offenders = everySource().flatMap((f) =>
      importsOf(f)
        .map((i) => ({ i, target: resolveImport(f, i) }))
        .filter(({ target }) => {
          const lib = target && libraryOf(`${target}/`);
          if (!target || !lib || libraryOf(f) === lib) return false;
          if (target === `functions/lib/${lib}` || target === `functions/lib/${lib}/index`) return false;
          const helper = /^functions\/lib\/[^/]+\/(testing\/|test-fixtures$|test-helpers$)/.test(target);
          return !(helper && isTest(f));
        })
        .map(({ i }) => `${f} -> ${i}`),
    );
    expect(offenders).toEqual([]);
  });

  it('functions/lib never imports a domain; functions/platform imports neither a library nor a domain', () => {
    const offenders = [...sources('functions/lib'), ...sources('functions/platform')].flatMap((f) =>
      importsOf(f)
        .filter((i) => {
          const target = resolveImport(f, i) ?? '';
          if (target.startsWith('functions/domains/')) return true;
          return f.startsWith('functions/platform/') && target.startsWith('functions/lib/');
        })
        .map((i) => `${f} -> ${i}`),
    );
    expect(offenders).toEqual([]);
  });

  it('a domain reaches a store library only from its store/ and workers/ (actions go through store/; types excepted)', () => {
    const offenders = sources('functions/domains')
      .filter((f) => !/^functions\/domains\/[^/]+\/(store|workers)\//.test(f) && !isTest(f))
      .flatMap((f) =>
        importsWithKind(f)
          .filter(({ spec, typeOnly }) => {
            const lib = libraryOf(`${resolveImport(f, spec) ?? ''}/`);
            return !typeOnly && lib !== undefined && storeLibraries.includes(lib);
          })
          .map(({ spec }) => `${f} -> ${spec}`),
      );
    expect(offenders).toEqual([]);
  });

  it('web features never import each other (shared web code lives in web/src/lib or web/src/components)', () => {
    const offenders = sources('web/src/features').flatMap((f) => {
      const own = f.split('/')[3];
      return importsOf(f)
        .filter((i) => {
          const other = resolveImport(f, i)?.match(/^web\/src\/features\/([^/]+)/)?.[1];
          return other !== undefined && other !== own;
        })
        .map((i) => `${f} -> ${i}`);
    });
    expect(offenders).toEqual([]);
  });

  it("the local cloud's runtime (seed included) imports no testing/ helper of functions/", () => {
    const offenders = sources('infra/local')
      .filter((f) => !isTest(f))
      .flatMap((f) =>
        importsOf(f)
          .filter((i) => /^functions\/.*\/testing\//.test(resolveImport(f, i) ?? ''))
          .map((i) => `${f} -> ${i}`),
      );
    expect(offenders).toEqual([]);
  });
});
