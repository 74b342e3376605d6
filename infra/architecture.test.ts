/**
 * Architecture rules (ARCHITECTURE §3, CONVENTIONS 4, 5, 7), checked by scanning imports:
 * shared/ imports nothing from the other folders; domains never import each other; only store/,
 * workers/ and functions/platform import the AWS SDK or Lambda types; zod is imported as a
 * namespace; DynamoDB keys are composed only in shared/db.
 */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
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

  it('domains never import each other', () => {
    const offenders = sources('functions/domains').flatMap((f) => {
      const own = f.split('/')[2];
      return importsOf(f)
        .filter((i) => {
          const m =
            i.match(/^@functions\/domains\/([^/]+)/) ?? i.match(/^(?:\.\.\/)+(?:domains\/)?([^/]+)\//);
          return m && i.startsWith('@functions/domains/') && m[1] !== own;
        })
        .map((i) => `${f} -> ${i}`);
    });
    expect(offenders).toEqual([]);
  });

  it('only store/, workers/ and functions/platform touch the AWS SDK', () => {
    const offenders = sources('functions')
      .filter(
        (f) =>
          !isTest(f) &&
          !/\/(store|workers)\//.test(f) &&
          !f.startsWith('functions/platform/') &&
          !f.startsWith('functions/lib/'),
      )
      .flatMap((f) =>
        importsOf(f)
          .filter((i) => i.startsWith('@aws-sdk/'))
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

  it('composes DynamoDB keys only in shared/db', () => {
    const raw = /['"`](USER|COMPANY|MEMBER|OUTBOX|TOKEN|EMAIL|LOGIN|WSCONN|INVITE|NIF|MAIL|DIRECTORY)#/;
    const offenders = [...sources('functions'), ...sources('infra/local')]
      .filter((f) => !isTest(f))
      .filter((f) => raw.test(readFileSync(join(root, f), 'utf8')))
      .map((f) => relative(root, join(root, f)));
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
