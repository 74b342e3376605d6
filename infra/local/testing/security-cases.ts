/**
 * The cases of the security suite (issue #12 item 12), generated from the route table and each
 * route's real action (its zod schemas): plausible path parameters, and the malformed bodies an
 * attacker sends to a write route. Pure: nothing here talks to the network.
 */

import { randomBytes, randomUUID } from 'node:crypto';
import { accountingActions } from '@functions/domains/accounting/handler';
import { bankingActions } from '@functions/domains/banking/handler';
import { billingActions } from '@functions/domains/billing/handler';
import { companiesActions } from '@functions/domains/companies/handler';
import { dashboardActions } from '@functions/domains/dashboard/handler';
import { documentsActions } from '@functions/domains/documents/handler';
import { expensesActions } from '@functions/domains/expenses/handler';
import { identityActions } from '@functions/domains/identity/handler';
import { invoicesActions } from '@functions/domains/invoices/handler';
import { notificationsActions } from '@functions/domains/notifications/handler';
import { onboardingActions } from '@functions/domains/onboarding/handler';
import { pdfActions } from '@functions/domains/pdf/handler';
import { portalActions } from '@functions/domains/portal/handler';
import { siiActions } from '@functions/domains/sii/handler';
import { taxActions } from '@functions/domains/tax/handler';
import { taxModelsActions } from '@functions/domains/taxmodels/handler';
import { verifactuActions } from '@functions/domains/verifactu/handler';
import type { AnyAction } from '@functions/platform/http';
import { pathParams, type RouteId, routes } from '@shared/api/routes';
import { ChangePasswordInput, EmailInput, ResetPasswordInput, TokenInput } from '@shared/schemas/identity';
import * as z from 'zod';

type Table = Record<string, AnyAction<never>>;
const tables: Record<string, Table> = {
  identity: identityActions,
  companies: companiesActions,
  notifications: notificationsActions,
  onboarding: onboardingActions,
  billing: billingActions,
  invoices: invoicesActions,
  expenses: expensesActions,
  pdf: pdfActions,
  verifactu: verifactuActions,
  tax: taxActions,
  taxmodels: taxModelsActions,
  sii: siiActions,
  documents: documentsActions,
  accounting: accountingActions,
  banking: bankingActions,
  dashboard: dashboardActions,
  portal: portalActions,
};

/** The action that serves a route (its schemas say what the request must look like). */
export function actionOf(id: RouteId): AnyAction<never> {
  const action = tables[routes[id].domain]?.[id];
  if (!action) throw new Error(`no action for ${id} in the ${routes[id].domain} handler`);
  return action;
}

export const isWrite = (id: RouteId) => ['POST', 'PUT', 'PATCH'].includes(routes[id].method);
/** A write route whose action reads a body (the others ignore whatever is sent). */
export const readsBody = (id: RouteId) => isWrite(id) && actionOf(id).body !== undefined;

/** Random values of the shapes path parameters take: ids, NIFs, onboarding step names. */
const candidates = () => [
  randomUUID(),
  `x${randomBytes(6).toString('hex')}`,
  `B${String(10_000_000 + Math.floor(Math.random() * 89_999_999))}`,
  'gestor-welcome',
  // A tax model's type and id (`<year>-<model>-<period>`), a tax year and a quarter.
  '303',
  '2026-303-1T',
  '2026',
  '1',
  // An SII book (issue 16).
  'FE',
  // A reading limit's type (issue 17).
  'PAGES_PER_MONTH',
  // An accounting period (issue 18); account codes are digits (the year above passes).
  '2026-01',
  // A Spanish IBAN and a bank movement's id (`m` + booking date + 16 hex) (issue 19).
  'ES9121000418450200051332',
  `m20261102${randomBytes(8).toString('hex')}`,
  // A notification analytics view (issue 20).
  'kpis',
];

/**
 * Path parameters that pass the route's own path schema (so a refusal is about who calls, or the
 * body, never a malformed id), with `companyId` as given. The ids are random: the checks are about
 * refusing before the action, not about finding anything.
 */
export function plausibleParams(id: RouteId, companyId: string): Record<string, string> {
  const names = pathParams(routes[id].path).filter((n) => n !== 'companyId');
  const params: Record<string, string> = Object.fromEntries(names.map((n) => [n, randomUUID()]));
  if (pathParams(routes[id].path).includes('companyId')) params.companyId = companyId;
  const schema = actionOf(id).params as z.ZodType | undefined;
  if (!schema) return params;
  for (const name of names) {
    for (const value of candidates()) {
      params[name] = value;
      const result = schema.safeParse(params);
      if (result.success || !result.error.issues.some((i) => i.path[0] === name)) break;
    }
  }
  return params;
}

/** Fills a route's path with `params` (URL-encoded). */
export const fillPath = (id: RouteId, params: Record<string, string>) =>
  routes[id].path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

interface JsonSchemaNode {
  type?: string | string[];
  properties?: Record<string, JsonSchemaNode>;
  anyOf?: JsonSchemaNode[];
  oneOf?: JsonSchemaNode[];
  allOf?: JsonSchemaNode[];
}

/**
 * Routes whose fields may come in the query or the body (spec part 1: links opened from a mail):
 * the action declares a loose body and parses these inputs itself.
 */
const fieldsParsedByTheAction: Partial<Record<RouteId, z.ZodType>> = {
  'auth.forgotPassword': EmailInput,
  'auth.verifyEmailResendByEmail': EmailInput,
  'auth.verifyEmail': TokenInput,
  'auth.resetPassword': ResetPasswordInput,
  'auth.changePassword': ChangePasswordInput,
};

/** Top-level body fields and their JSON types, read from the action's zod schema. */
export function bodyFields(id: RouteId): Record<string, string> {
  const schema = fieldsParsedByTheAction[id] ?? (actionOf(id).body as z.ZodType | undefined);
  if (!schema) return {};
  let root: JsonSchemaNode;
  try {
    root = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchemaNode;
  } catch {
    return {};
  }
  const fields: Record<string, string> = {};
  const visit = (node: JsonSchemaNode | undefined, depth: number) => {
    if (!node || depth > 3) return;
    for (const [name, prop] of Object.entries(node.properties ?? {})) {
      const types = [prop.type ?? prop.anyOf?.[0]?.type ?? 'unknown'].flat();
      fields[name] ??= String(types[0] ?? 'unknown');
    }
    for (const child of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])])
      visit(child, depth + 1);
  };
  visit(root, 0);
  return fields;
}

/** A value of the wrong JSON type for a field of type `type`. */
function wrongType(type: string): unknown {
  switch (type) {
    case 'string':
      return 12345;
    case 'number':
    case 'integer':
      return 'no-es-un-número';
    case 'boolean':
      return 'sí';
    case 'array':
      return { no: 'es una lista' };
    case 'object':
      return ['no', 'es', 'un', 'objeto'];
    default:
      return { $gt: '' };
  }
}

export interface MalformedBody {
  name: string;
  body: string | Buffer;
  contentType: string;
  /**
   * The transport repairs it before any code of ours reads it: API Gateway (and the local gateway)
   * hand the Lambda a UTF-8 string, invalid bytes become U+FFFD. Such a body may be accepted, but
   * only ever as U+FFFD, never as the raw bytes.
   */
  repairedByTransport?: true;
}

const JSON_TYPE = 'application/json';
/** NUL, BEL, an ANSI escape, DEL, a C1 control (NEL) and a bidi override inside ordinary text. */
export const CONTROL_TEXT = 'Texto\u0000con\u0007control\u001b[31m\u007f\u0085\u202efin';
const LONE_SURROGATES = 'a\ud800b\udfffc';
const HUGE_BODY_BYTES = 2_000_000;
const NESTING = 50_000;

/**
 * The malformed bodies for a write route: not JSON at all, JSON of the wrong shape, every declared
 * field of the wrong type, huge strings, control characters, lone surrogates, bytes that are not
 * UTF-8, prototype-pollution keys, deep nesting and a broken multipart body.
 */
export function malformedBodies(id: RouteId): MalformedBody[] {
  const fields = bodyFields(id);
  const names = Object.keys(fields).length ? Object.keys(fields) : ['name', 'email', 'description'];
  const textNames = names.filter((n) => ['string', 'unknown'].includes(fields[n] ?? 'unknown'));
  const texts = textNames.length ? textNames : names;
  const each = (value: unknown, of: string[]) =>
    JSON.stringify(Object.fromEntries(of.map((n) => [n, value])));
  const hugeLength = Math.max(10_000, Math.floor(HUGE_BODY_BYTES / texts.length));
  const first = names[0] ?? 'name';
  // Nested where the schema wants a scalar, so the nesting itself is what is refused; a schema of
  // objects only gets it under a key of its own (unknown keys are refused or dropped, never read).
  const scalar = names.find((n) => ['string', 'number', 'integer', 'boolean'].includes(fields[n] ?? ''));
  const nestAt = scalar ?? 'anidado';
  return [
    { name: 'invalid JSON', body: '{"name": "sin cerrar', contentType: JSON_TYPE },
    { name: 'JSON array', body: '[]', contentType: JSON_TYPE },
    { name: 'JSON null', body: 'null', contentType: JSON_TYPE },
    { name: 'JSON string', body: '"texto"', contentType: JSON_TYPE },
    {
      name: 'every field of the wrong type',
      body: JSON.stringify(Object.fromEntries(names.map((n) => [n, wrongType(fields[n] ?? 'unknown')]))),
      contentType: JSON_TYPE,
    },
    { name: 'huge strings', body: each('x'.repeat(hugeLength), texts), contentType: JSON_TYPE },
    { name: 'control characters', body: each(CONTROL_TEXT, texts), contentType: JSON_TYPE },
    // JSON.stringify writes a lone surrogate as a \ud800 escape, which JSON.parse turns back into one.
    { name: 'lone surrogates', body: each(LONE_SURROGATES, texts), contentType: JSON_TYPE },
    {
      name: 'bytes that are not UTF-8',
      body: Buffer.concat([
        Buffer.from(`{"${first}":"`),
        Buffer.from([0xff, 0xfe, 0xc3, 0x28]),
        Buffer.from('"}'),
      ]),
      contentType: JSON_TYPE,
      repairedByTransport: true,
    },
    {
      // Written by hand: an object literal's `__proto__` sets the prototype instead of a key.
      name: 'prototype-pollution keys',
      body: `{"__proto__":{"isAdmin":true,"polluted":"sí"},"constructor":{"prototype":{"polluted":"sí"}},"${first}":{"__proto__":{"polluted":"sí"}}}`,
      contentType: JSON_TYPE,
    },
    {
      name: `objects nested ${NESTING} deep`,
      body: `{"${nestAt}":${'{"a":'.repeat(NESTING)}1${'}'.repeat(NESTING)}}`,
      contentType: JSON_TYPE,
    },
    {
      name: `arrays nested ${NESTING} deep`,
      body: `{"${nestAt}":${'['.repeat(NESTING)}${']'.repeat(NESTING)}}`,
      contentType: JSON_TYPE,
    },
    {
      name: 'broken multipart body',
      body: '--limite\r\nContent-Disposition: form-data; name="file"; filename="../../x.p12"\r\n\r\nsin cierre',
      contentType: 'multipart/form-data; boundary=limite',
    },
  ];
}
