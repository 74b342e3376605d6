/**
 * How the REST API's resources and methods are spread over nested stacks (CloudFormation allows
 * 500 resources per stack, and the route table grows by hundreds of routes).
 *
 * Pure planning, no CDK: the route table becomes a tree of path segments. The shallow, shared
 * prefixes (`/api`, `/api/v1`) are created once, in the parent stack. Below them every first-level
 * group (`/api/v1/invoices`, `/api/v1/companies`, ...) is one unit that lives whole in its own nested
 * stack, named after its path. So a route added to one group only ever changes that group's stack,
 * and no resource moves between stacks when other groups grow (moving one would make CloudFormation
 * create the same path twice during the update).
 *
 * A group that outgrows the budget on its own is split one level further: its resource joins the
 * shared ones in the parent, its own methods get a stack of their own, and each child subtree is
 * planned the same way (recursively). That is the one case where resources move between stacks; the
 * budget leaves room to 500 so it happens rarely, and the plan is deterministic (sorted paths).
 */

import { pascal } from './names';

export interface RoutePlanInput {
  method: string;
  path: string;
}

/** One nested stack of routes. */
export interface RouteStackPlan {
  /** Construct id of the nested stack (stable: derived from `root`). */
  id: string;
  /** Path of the subtree (or of the split node whose methods only this stack holds). */
  root: string;
  /**
   * `subtree`: the stack creates `root`'s resource and everything below it.
   * `methods`: `root` is shared (created in the parent); the stack holds only its methods.
   */
  kind: 'subtree' | 'methods';
  /** Route ids in the stack, sorted. */
  routeIds: string[];
  /** CloudFormation resources the stack will hold (API Gateway resources + methods). */
  cost: number;
}

export interface RoutePlan {
  /** Paths whose resources the parent stack creates, parents before children. */
  shared: string[];
  stacks: RouteStackPlan[];
}

export interface RoutePlanOptions {
  /** Maximum resources per nested stack (CloudFormation's hard limit is 500). */
  budget: number;
  /** Nodes shallower than this depth are always shared: 3 keeps `/api` and `/api/v1` in the parent. */
  groupDepth: number;
}

/** The default: ~150 below CloudFormation's limit, so a group has room to grow before it splits. */
export const ROUTE_STACK_BUDGET = 350;
export const ROUTE_GROUP_DEPTH = 3;

interface Node {
  path: string;
  depth: number;
  children: Map<string, Node>;
  routeIds: string[];
}

const segmentsOf = (path: string): string[] => path.split('/').filter(Boolean);
const joinPath = (segments: string[]): string => `/${segments.join('/')}`;

function buildTree(routes: Record<string, RoutePlanInput>): Node {
  const root: Node = { path: '/', depth: 0, children: new Map(), routeIds: [] };
  const seen = new Map<string, string>();
  for (const [routeId, route] of Object.entries(routes)) {
    const key = `${route.method} ${route.path}`;
    const twin = seen.get(key);
    if (twin) throw new Error(`Routes ${twin} and ${routeId} are both ${key}`);
    seen.set(key, routeId);
    let node = root;
    const segments = segmentsOf(route.path);
    segments.forEach((segment, i) => {
      let child = node.children.get(segment);
      if (!child) {
        if (segment.startsWith('{')) {
          // API Gateway refuses two differently named parameters under one parent (at deploy time).
          const sibling = [...node.children.keys()].find((s) => s.startsWith('{'));
          if (sibling)
            throw new Error(`${route.path}: ${segment} conflicts with ${sibling} under ${node.path}`);
        }
        child = { path: joinPath(segments.slice(0, i + 1)), depth: i + 1, children: new Map(), routeIds: [] };
        node.children.set(segment, child);
      }
      node = child;
    });
    node.routeIds.push(routeId);
  }
  return root;
}

/** Resources a subtree adds to a stack: its own resource (not for the API root), methods, children. */
function costOf(node: Node): number {
  let cost = (node.depth > 0 ? 1 : 0) + node.routeIds.length;
  for (const child of node.children.values()) cost += costOf(child);
  return cost;
}

function routeIdsOf(node: Node): string[] {
  return [...node.routeIds, ...[...node.children.values()].flatMap(routeIdsOf)];
}

const sortedChildren = (node: Node): Node[] =>
  [...node.children.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, child]) => child);

export function planRouteStacks(
  routes: Record<string, RoutePlanInput>,
  options: RoutePlanOptions = { budget: ROUTE_STACK_BUDGET, groupDepth: ROUTE_GROUP_DEPTH },
): RoutePlan {
  const plan: RoutePlan = { shared: [], stacks: [] };
  const visit = (node: Node) => {
    const cost = costOf(node);
    if (node.depth >= options.groupDepth && cost <= options.budget) {
      plan.stacks.push({
        id: `Routes${pascal(node.path)}`,
        root: node.path,
        kind: 'subtree',
        routeIds: routeIdsOf(node).sort(),
        cost,
      });
      return;
    }
    if (node.depth > 0) plan.shared.push(node.path);
    if (node.routeIds.length > 0) {
      plan.stacks.push({
        id: `Routes${pascal(node.path) || 'Root'}Methods`,
        root: node.path,
        kind: 'methods',
        routeIds: [...node.routeIds].sort(),
        cost: node.routeIds.length,
      });
    }
    for (const child of sortedChildren(node)) visit(child);
  };
  visit(buildTree(routes));

  const ids = new Map<string, string>();
  for (const stack of plan.stacks) {
    const other = ids.get(stack.id);
    if (other) throw new Error(`Route stacks for ${other} and ${stack.root} would both be named ${stack.id}`);
    ids.set(stack.id, stack.root);
  }
  return plan;
}

/** The parent path of a `/a/b/c` path (`/` for a first-level path). */
export const parentPath = (path: string): string => joinPath(segmentsOf(path).slice(0, -1));

/** The segments of `path` below `base` (`/api/v1/x/{id}` under `/api/v1` -> `['x', '{id}']`). */
export function segmentsBelow(base: string, path: string): string[] {
  const b = segmentsOf(base);
  const p = segmentsOf(path);
  if (b.some((segment, i) => p[i] !== segment)) throw new Error(`${path} is not under ${base}`);
  return p.slice(b.length);
}
