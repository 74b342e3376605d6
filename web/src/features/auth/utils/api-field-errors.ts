import { isApiError } from '@web/lib/api-error';
import type { FormInstance } from 'antd';

type NamePath = (string | number)[];

/**
 * Puts the API's validation errors on the form's fields: `error.field` ('email', 'company.nif') and,
 * when present, every issue of `details.issues`. The server words a validation error as
 * `<field>: <message>`; the field is already visible on screen, so only the message is shown.
 * Returns true when at least one error landed on a field of the form, false when the caller should
 * show the message elsewhere (no field, or a field this form does not have, such as `token`).
 */
export function applyApiFieldErrors(
  form: FormInstance,
  error: unknown,
  fieldNames: readonly string[],
): boolean {
  if (!isApiError(error)) return false;
  const byField = new Map<string, string>();
  const issues = Array.isArray(error.details?.issues) ? error.details.issues : [];
  for (const issue of issues) {
    if (issue && typeof issue === 'object') {
      const { field, message } = issue as { field?: unknown; message?: unknown };
      if (typeof field === 'string' && typeof message === 'string' && !byField.has(field)) {
        byField.set(field, message);
      }
    }
  }
  if (error.field && !byField.has(error.field)) {
    byField.set(error.field, stripFieldPrefix(error.message, error.field));
  }
  const known = [...byField].filter(([field]) => fieldNames.includes(field));
  if (known.length === 0) return false;
  form.setFields(known.map(([field, message]) => ({ name: toNamePath(field), errors: [message] })));
  form.scrollToField(toNamePath(known[0]![0]), { block: 'center' });
  return true;
}

export function stripFieldPrefix(message: string, field: string): string {
  const prefix = `${field}: `;
  return message.startsWith(prefix) ? message.slice(prefix.length) : message;
}

const toNamePath = (field: string): NamePath => field.split('.');
