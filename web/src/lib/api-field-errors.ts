import { isApiError } from '@web/lib/api-error';
import type { NamePath } from 'antd/es/form/interface';

export interface FieldError {
  /** `address.postalCode` → `['address', 'postalCode']`, as antd's Form names nested fields. */
  name: string[];
  errors: string[];
}

interface Issue {
  field: string;
  message: string;
}

const isIssue = (value: unknown): value is Issue =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Issue).field === 'string' &&
  typeof (value as Issue).message === 'string';

/**
 * The fields an API error names: every issue of a validation error (`details.issues`), or the one
 * `error.field`. The server prefixes a validation message with the field (`nif: ...`); the form
 * shows it under the field, so the prefix goes.
 */
export function apiFieldErrors(error: unknown): FieldError[] {
  if (!isApiError(error)) return [];
  const issues = Array.isArray(error.details?.issues) ? error.details.issues.filter(isIssue) : [];
  const named: Issue[] =
    issues.length > 0 ? issues : error.field ? [{ field: error.field, message: error.message }] : [];
  const byField = new Map<string, string[]>();
  for (const { field, message } of named) {
    if (!field) continue;
    const text = message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
    byField.set(field, [...(byField.get(field) ?? []), text]);
  }
  return [...byField].map(([field, errors]) => ({ name: field.split('.'), errors }));
}

interface FieldErrorTarget {
  setFields: (fields: { name: NamePath; errors: string[] }[]) => void;
  scrollToField: (name: NamePath) => void;
}

/**
 * Shows the API error under the form's own fields (`known`: dotted names of the form's fields).
 * Returns false when it names none of them, so the caller shows it another way.
 */
export function showApiErrorOnForm(
  form: FieldErrorTarget,
  error: unknown,
  known: readonly string[],
): boolean {
  const fields = apiFieldErrors(error).filter(({ name }) => known.includes(name.join('.')));
  if (fields.length === 0) return false;
  form.setFields(fields);
  form.scrollToField(fields[0]!.name);
  return true;
}

/**
 * Like `showApiErrorOnForm` for forms whose field names differ from the API's: `map` turns the
 * API's dotted field (`taxId`, `lines.0.baseCents`) into the form's name path. Returns false when
 * no field could be placed.
 */
export function showMappedApiErrors(
  form: FieldErrorTarget,
  error: unknown,
  map: (apiField: string) => NamePath | undefined,
): boolean {
  const fields = apiFieldErrors(error).flatMap(({ name, errors }) => {
    const target = map(name.join('.'));
    return target === undefined ? [] : [{ name: target, errors }];
  });
  if (fields.length === 0) return false;
  form.setFields(fields);
  form.scrollToField(fields[0]!.name);
  return true;
}
