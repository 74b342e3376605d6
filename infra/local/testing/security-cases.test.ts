/**
 * The generated cases of the security suite are worth something only if they reach the checks they
 * aim at: path parameters that every route's own schema accepts (a refusal is then never about a
 * malformed id), body fields read from every write route's schema, and malformed bodies that are
 * what their names say.
 */

import { routeIds, routes } from '@shared/api/routes';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import {
  actionOf,
  bodyFields,
  CONTROL_TEXT,
  malformedBodies,
  plausibleParams,
  readsBody,
} from './security-cases';

describe('security suite cases', () => {
  it.each(routeIds)('%s: the plausible path parameters pass its path schema', (id) => {
    const params = plausibleParams(id, 'c1');
    const schema = actionOf(id).params as z.ZodType | undefined;
    expect(schema ? schema.safeParse(params).success : true).toBe(true);
    if (routes[id].path.includes('{companyId}')) expect(params.companyId).toBe('c1');
  });

  const bodyRoutes = routeIds.filter(readsBody);

  it('finds the write routes that read a body', () => {
    expect(bodyRoutes.length).toBeGreaterThan(40);
  });

  it.each(bodyRoutes)('%s: its body fields are read from its schema', (id) => {
    expect(Object.keys(bodyFields(id)).length).toBeGreaterThan(0);
  });

  it('builds malformed bodies that are what they claim', () => {
    const bodies = Object.fromEntries(malformedBodies('customers.create').map((b) => [b.name, b]));
    const parse = (name: string) => JSON.parse(String(bodies[name]?.body)) as Record<string, unknown>;
    expect(() => JSON.parse(String(bodies['invalid JSON']?.body))).toThrow();
    expect(Object.values(parse('control characters'))).toContain(CONTROL_TEXT);
    expect(Object.values(parse('lone surrogates')).every((v) => /[\ud800-\udfff]/.test(String(v)))).toBe(
      true,
    );
    expect(Object.keys(parse('prototype-pollution keys'))).toContain('__proto__');
    expect(Object.values(parse('huge strings')).every((v) => String(v).length >= 10_000)).toBe(true);
    expect(Buffer.isBuffer(bodies['bytes that are not UTF-8']?.body)).toBe(true);
  });
});
