/**
 * Several identity routes take their fields in the query string (the legacy client, spec part 1 §7)
 * or in a JSON body. The pipeline hands both over loosely; this validates their union once, with
 * the same 400 CORE_004 naming the field as any other validation.
 */

import { parsePart } from '@functions/platform/validation';
import * as z from 'zod';

/** Part schema of such routes: any object, or nothing. */
export const LooseFields = z.looseObject({}).optional();

export function fromQueryOrBody<S extends z.ZodType>(
  schema: S,
  query: Record<string, unknown> | undefined,
  body: Record<string, unknown> | undefined,
): z.output<S> {
  // The body wins over the query when both carry a field.
  const fromBody = body !== undefined && Object.keys(body).length > 0;
  return parsePart(schema, { ...query, ...body }, fromBody ? 'body' : 'query');
}
