/**
 * The REST API's split over nested stacks (route-stacks.ts, constructs/rest-api.ts) keeps scaling:
 * the plan for today's route table and for random and much larger ones puts every route in exactly
 * one stack under the budget, and an app synthesized from a route table several times today's
 * keeps every stack (parent and nested) under the limit, with nothing for cdk-nag to report.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RouteDef, routes } from '@shared/api/routes';
import { Template } from 'aws-cdk-lib/assertions';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { cdkJsonContext, createCuadraApp } from './cuadra-app';
import { type CuadraManifest, cuadraManifest } from './cuadra-manifest';
import { nagFindings } from './nag';
import {
  parentPath,
  planRouteStacks,
  ROUTE_GROUP_DEPTH,
  ROUTE_STACK_BUDGET,
  type RoutePlan,
  type RoutePlanInput,
} from './route-stacks';

/** Every route in exactly one stack, every stack within budget, every path created exactly once. */
function expectSoundPlan(table: Record<string, RoutePlanInput>, plan: RoutePlan, budget: number) {
  const placed = plan.stacks.flatMap((s) => s.routeIds);
  expect(placed.sort()).toEqual(Object.keys(table).sort());
  for (const s of plan.stacks) expect(s.cost, s.id).toBeLessThanOrEqual(budget);
  expect(new Set(plan.stacks.map((s) => s.id)).size).toBe(plan.stacks.length);

  // Who creates each path's resource: the parent (shared) or the one subtree stack above it.
  const creators = new Map<string, string[]>();
  const allPaths = new Set<string>();
  for (const route of Object.values(table)) {
    const segments = route.path.split('/').filter(Boolean);
    segments.forEach((_, i) => {
      allPaths.add(`/${segments.slice(0, i + 1).join('/')}`);
    });
  }
  for (const p of allPaths) {
    const owners = [
      ...(plan.shared.includes(p) ? ['parent'] : []),
      ...plan.stacks
        .filter((s) => s.kind === 'subtree' && (p === s.root || p.startsWith(`${s.root}/`)))
        .map((s) => s.id),
    ];
    creators.set(p, owners);
    expect(owners, p).toHaveLength(1);
  }
  // A stack's routes are all under (or at) its root, and a shared path's parent is shared too.
  for (const s of plan.stacks) {
    for (const id of s.routeIds) {
      const p = table[id]!.path;
      if (s.kind === 'methods') expect(p, id).toBe(s.root);
      else expect(p === s.root || p.startsWith(`${s.root}/`), id).toBe(true);
    }
  }
  for (const p of plan.shared) {
    const parent = parentPath(p);
    if (parent !== '/') expect(plan.shared.indexOf(parent), p).toBeLessThan(plan.shared.indexOf(p));
  }
}

/** A synthetic route table: `groups` first-level groups of `perGroup` routes under /api/v1. */
function syntheticRoutes(groups: number, perGroup: number, domain = 'invoices'): Record<string, RouteDef> {
  const table: Record<string, RouteDef> = {};
  const methods = ['GET', 'POST', 'PUT', 'DELETE'] as const;
  for (let g = 0; g < groups; g++) {
    for (let i = 0; i < perGroup; i++) {
      const sub = Math.floor(i / 8);
      const leaf = i % 2 === 0 ? `items-${sub}` : `items-${sub}/{itemId}`;
      const method = methods[Math.floor(i / 2) % 4]!;
      table[`g${g}.r${i}`] = {
        method,
        path: `/api/v1/group-${g}/${leaf}`,
        domain,
        auth: i % 5 === 0 ? 'public' : 'user',
        company: false,
      };
    }
  }
  return table;
}

describe('route stack plan', () => {
  it("puts today's route table under /api/v1 groups, shared prefixes in the parent", () => {
    const plan = planRouteStacks(routes);
    expectSoundPlan(routes, plan, ROUTE_STACK_BUDGET);
    expect(plan.shared).toEqual(['/api', '/api/v1']);
    for (const s of plan.stacks) {
      expect(s.kind).toBe('subtree');
      expect(s.root.split('/').filter(Boolean)).toHaveLength(ROUTE_GROUP_DEPTH);
    }
  });

  it('does not depend on the order of the route table', () => {
    const reversed = Object.fromEntries(Object.entries(routes).reverse());
    expect(planRouteStacks(reversed)).toEqual(planRouteStacks(routes));
  });

  it("adding routes to one group changes only that group's stack", () => {
    const before = planRouteStacks(routes);
    const grown = {
      ...routes,
      'x.one': { ...routes['auth.login'], method: 'GET', path: '/api/v1/auth/sessions' },
      'x.two': { ...routes['auth.login'], method: 'DELETE', path: '/api/v1/auth/sessions/{sessionId}' },
    } as Record<string, RouteDef>;
    const after = planRouteStacks(grown);
    expectSoundPlan(grown, after, ROUTE_STACK_BUDGET);
    const changed = after.stacks.filter(
      (s) => JSON.stringify(s) !== JSON.stringify(before.stacks.find((b) => b.id === s.id)),
    );
    expect(changed.map((s) => s.id)).toEqual(['RoutesApiV1Auth']);
    expect(after.stacks.map((s) => s.id)).toEqual(before.stacks.map((s) => s.id));
  });

  it('splits a group that outgrows the budget one level further, and keeps every stack in budget', () => {
    const table = syntheticRoutes(3, 40);
    // One group far beyond the budget: its children become stacks of their own.
    Object.assign(table, syntheticRoutes(1, 900, 'companies'));
    for (let i = 0; i < 3; i++) {
      table[`big.own${i}`] = {
        method: (['GET', 'POST', 'PATCH'] as const)[i]!,
        path: '/api/v1/group-0',
        domain: 'companies',
        auth: 'user',
        company: false,
      };
    }
    const budget = 200;
    const plan = planRouteStacks(table, { budget, groupDepth: ROUTE_GROUP_DEPTH });
    expectSoundPlan(table, plan, budget);
    expect(plan.shared).toContain('/api/v1/group-0');
    expect(plan.stacks.find((s) => s.root === '/api/v1/group-0')).toMatchObject({
      kind: 'methods',
      id: 'RoutesApiV1Group0Methods',
    });
    expect(plan.stacks.filter((s) => s.root.startsWith('/api/v1/group-0/')).length).toBeGreaterThan(1);
  });

  it('plans any route table soundly (property)', () => {
    const segment = fc.constantFrom('a', 'b', 'c', 'd', '{id}', 'e-f', 'g');
    const route = fc.record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
      path: fc.array(segment, { minLength: 1, maxLength: 5 }).map((s) => `/api/v1/${s.join('/')}`),
    });
    fc.assert(
      fc.property(fc.array(route, { maxLength: 150 }), fc.integer({ min: 12, max: 60 }), (list, budget) => {
        const unique = new Map(list.map((r) => [`${r.method} ${r.path}`, r]));
        const table = Object.fromEntries([...unique.values()].map((r, i) => [`r${i}`, r]));
        const plan = planRouteStacks(table, { budget, groupDepth: ROUTE_GROUP_DEPTH });
        expectSoundPlan(table, plan, budget);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses what API Gateway would refuse at deploy time', () => {
    const base = routes['auth.login'];
    expect(() =>
      planRouteStacks({
        a: { ...base, path: '/api/v1/x/{a}' },
        b: { ...base, path: '/api/v1/x/{b}/y' },
      }),
    ).toThrow(/\{b\} conflicts with \{a\}/);
    expect(() => planRouteStacks({ a: base, b: base })).toThrow(/both POST/);
  });
});

/** The real manifest with one API function (so one small bundle), no workers, and `table` as routes. */
function variantWithRoutes(table: Record<string, RouteDef>): CuadraManifest {
  const m = cuadraManifest;
  const domain = 'invoices';
  return {
    ...m,
    domains: Object.fromEntries(
      Object.entries(m.domains).map(([name, d]) => [name, name === domain ? d : { ...d, api: undefined }]),
    ) as CuadraManifest['domains'],
    routes: table,
    queues: Object.fromEntries(
      Object.entries(m.queues).map(([name, q]) => [name, { ...q, consumer: undefined }]),
    ) as CuadraManifest['queues'],
    schedules: {},
    table: { ...m.table, streamConsumers: {} },
    websocket: { ...m.websocket, routes: {} },
  };
}

// CDK's built-in CloudFormation schema validation costs seconds per worker and is exercised by
// cuadra-stack.test.ts (and `cdk synth`). Restored afterwards: a vitest worker runs other files too.
const cdkValidation = process.env.CDK_VALIDATION;
process.env.CDK_VALIDATION = 'false';
const outdirs: string[] = [];
afterAll(() => {
  if (cdkValidation === undefined) delete process.env.CDK_VALIDATION;
  else process.env.CDK_VALIDATION = cdkValidation;
  for (const dir of outdirs) rmSync(dir, { recursive: true, force: true });
});

function synth(table: Record<string, RouteDef>) {
  const outdir = mkdtempSync(path.join(tmpdir(), 'cuadra-cdk-routes-'));
  outdirs.push(outdir);
  const built = createCuadraApp({
    context: cdkJsonContext(),
    outdir,
    nag: false,
    manifest: variantWithRoutes(table),
  });
  const template = Template.fromStack(built.stack);
  const [deploymentId] = Object.keys(template.findResources('AWS::ApiGateway::Deployment'));
  return { ...built, template, deploymentId: deploymentId! };
}

describe('a route table several times larger than today', () => {
  it('keeps the parent and every route stack under 450 resources, with one method per route', () => {
    // 1,800 routes: 45 groups of 40 (more resources than a default API Gateway quota allows;
    // this is about the stacks, not the API's own quota).
    const table = syntheticRoutes(45, 40);
    const { app, stack, template } = synth(table);
    const counts: Record<string, number> = {
      parent: Object.keys(template.toJSON().Resources).length,
    };
    let methods = 0;
    for (const nested of stack.restApi.routeStacks) {
      const resources = Template.fromStack(nested).toJSON().Resources as Record<string, { Type: string }>;
      counts[nested.node.id] = Object.keys(resources).length;
      methods += Object.values(resources).filter((r) => r.Type === 'AWS::ApiGateway::Method').length;
    }
    for (const [name, count] of Object.entries(counts)) expect(count, name).toBeLessThanOrEqual(450);
    expect(methods).toBe(Object.keys(table).length);
    expect(stack.restApi.routeStacks).toHaveLength(45);

    const readable = nagFindings(app).map(
      (f) => `${f.severity} ${f.ruleName}: ${f.violatingResources.map((r) => r.constructPath).join(', ')}`,
    );
    expect(readable).toEqual([]);
  });

  it('redeploys (a new Deployment logical id) exactly when the route table changes', () => {
    const table = syntheticRoutes(2, 6);
    const same = synth(table);
    const again = synth(syntheticRoutes(2, 6));
    const changedAuth = synth({ ...table, 'g0.r0': { ...table['g0.r0']!, auth: 'user' } });
    const added = synth({
      ...table,
      extra: { ...table['g1.r1']!, method: 'PATCH' },
    });
    expect(again.deploymentId).toBe(same.deploymentId);
    expect(changedAuth.deploymentId).not.toBe(same.deploymentId);
    expect(added.deploymentId).not.toBe(same.deploymentId);
    // And the stage follows the new deployment.
    const stage = Object.values(added.template.findResources('AWS::ApiGateway::Stage'))[0]!;
    expect(stage.Properties.DeploymentId).toEqual({ Ref: added.deploymentId });
  });
});
