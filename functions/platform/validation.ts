/** zod at the edge: one place turns schema failures into 400 CORE_004 naming the field. */

import { AppError } from '@shared/api/errors';
import * as z from 'zod';
import { es } from 'zod/locales';

// Validation messages reach users: Spanish, like the rest of the interface.
z.config(es());

export type Part = 'path' | 'query' | 'body' | 'header';

export function parsePart<S extends z.ZodType>(schema: S, value: unknown, part: Part): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw validationError(result.error, part);
}

export function validationError(error: z.ZodError, part: Part): AppError {
  const first = error.issues[0];
  const field = first && first.path.length > 0 ? first.path.map(String).join('.') : part;
  const message = first ? `${field}: ${first.message}` : 'Datos no válidos.';
  return new AppError('CORE_004', message, {
    field,
    details: {
      location: part,
      issues: error.issues
        .slice(0, 20)
        .map((i) => ({ field: i.path.map(String).join('.'), message: i.message })),
    },
  });
}
