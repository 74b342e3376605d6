/**
 * The pieces the editors of the 131, the 202 and the annual summaries share: a typed field with its
 * label, message and help; the frame of one row of a list (an activity, a recipient); a read-only
 * amount as typed. The form's and the server's messages both arrive in `errors` by draft key.
 */
import { formatCents } from '@web/lib/format';
import { parseEurosToCents } from '@web/lib/money-input';
import { Form, Input } from 'antd';
import type { ReactNode } from 'react';

export function DraftInput({
  label,
  ariaLabel,
  value,
  onChange,
  error,
  help,
  suffix,
  placeholder,
  inputMode,
  maxLength,
  disabled,
}: {
  label: string;
  /** The accessible name when the label repeats across rows ('NIF (perceptor 2)'). */
  ariaLabel?: string;
  value: string;
  onChange: (text: string) => void;
  error: string | undefined;
  help?: ReactNode;
  suffix?: string;
  placeholder?: string;
  inputMode?: 'decimal' | 'numeric';
  maxLength?: number;
  disabled?: boolean;
}) {
  return (
    <Form.Item
      label={label}
      validateStatus={error ? 'error' : undefined}
      help={error ?? help}
      style={{ marginBottom: 8 }}
    >
      <Input
        aria-label={ariaLabel ?? label}
        value={value}
        suffix={suffix}
        placeholder={placeholder}
        inputMode={inputMode}
        maxLength={maxLength}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      />
    </Form.Item>
  );
}

/** One row of a list editor, named for assistive technology ('Actividad 2'). */
export function RowFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <fieldset
      aria-label={label}
      style={{
        border: '1px solid rgba(5, 5, 5, 0.06)',
        borderRadius: 8,
        padding: '8px 12px',
        margin: 0,
        minWidth: 0,
      }}
    >
      {children}
    </fieldset>
  );
}

/** A typed euro amount shown read-only: es-ES with its sign, or the text as typed. */
export const eurosText = (text: string): string => {
  if (!text.trim()) return '—';
  const cents = parseEurosToCents(text, { allowNegative: true });
  return cents === null ? text : formatCents(cents);
};
