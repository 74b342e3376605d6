import type { PaymentTerms } from '@shared/fiscal/due-dates';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DueDatesTable } from './due-dates-table';
import { evenSplit, PaymentTermsEditor, paymentTermsProblem } from './payment-terms-editor';

afterEach(() => cleanup());

let last: PaymentTerms | null | undefined;

function Harness({ initial }: { initial: PaymentTerms | null }) {
  const [value, setValue] = useState<PaymentTerms | null>(initial);
  return (
    <PaymentTermsEditor
      value={value}
      fallbackDays={30}
      onChange={(v) => {
        last = v;
        setValue(v);
      }}
    />
  );
}

describe('PaymentTermsEditor', () => {
  it('starts from one instalment at the days and splits evenly when one is added', () => {
    render(<Harness initial={null} />);
    expect(screen.getByText('Un único vencimiento a 30 días.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Dividir en vencimientos/ }));
    expect(last).toEqual({ instalments: [{ days: 30, percentBp: 10_000 }] });
    fireEvent.click(screen.getByRole('button', { name: /Añadir vencimiento/ }));
    expect(last).toEqual({
      instalments: [
        { days: 30, percentBp: 5000 },
        { days: 60, percentBp: 5000 },
      ],
    });
    expect(screen.queryByText(/Supera el plazo máximo legal/)).toBeNull();
  });

  it('flags a term beyond 60 days (Ley 3/2004) and says when the percentages do not add up', () => {
    render(
      <Harness
        initial={{
          instalments: [
            { days: 30, percentBp: 5000 },
            { days: 90, percentBp: 4000 },
          ],
        }}
      />,
    );
    expect(screen.getByText('Supera el plazo máximo legal de 60 días (Ley 3/2004)')).toBeTruthy();
    expect(screen.getByText('Los porcentajes de los vencimientos deben sumar el 100 %.')).toBeTruthy();
  });

  it('goes back to a single instalment', () => {
    render(<Harness initial={{ instalments: [{ days: 45, percentBp: 10_000 }] }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Un único vencimiento' }));
    expect(last).toBeNull();
  });

  it('splits 100 % exactly and validates like the API', () => {
    expect(evenSplit(3)).toEqual([3333, 3333, 3334]);
    expect(evenSplit(3).reduce((s, b) => s + b, 0)).toBe(10_000);
    expect(paymentTermsProblem({ instalments: [{ days: 30, percentBp: 10_000 }], paymentDays: [5, 5] })).toBe(
      'Hay días de pago repetidos.',
    );
  });
});

describe('DueDatesTable', () => {
  it('shows each due date with paid, pending and an overdue tag', () => {
    render(
      <DueDatesTable
        instalments={[
          { dueDate: '2026-04-01', amountCents: 5000, paidCents: 5000, pendingCents: 0, overdue: false },
          { dueDate: '2026-05-01', amountCents: 5000, paidCents: 1000, pendingCents: 4000, overdue: true },
        ]}
      />,
    );
    expect(screen.getByText('01/04/2026')).toBeTruthy();
    expect(screen.getByText('Vencido')).toBeTruthy();
    // The column title and the first instalment's tag.
    expect(screen.getAllByText('Pagado')).toHaveLength(2);
    expect(screen.getByText(/40,00/)).toBeTruthy();
  });
});
