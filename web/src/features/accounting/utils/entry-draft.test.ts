import { accountingMessages } from '@shared/schemas/accounting';
import { describe, expect, it } from 'vitest';
import { draftProblem, emptyLine, entryBalance, entryBody, type LineDraft } from './entry-draft';

const line = (over: Partial<LineDraft>): LineDraft => ({ ...emptyLine(), ...over });

describe('entry draft (spec part 2 §5)', () => {
  it('adds the typed es-ES amounts in céntimos and says when Debe and Haber differ', () => {
    const lines = [
      line({ accountId: '572', debit: '1.210,50' }),
      line({ accountId: '430', credit: '1.000' }),
      line({ accountId: '477', credit: '210,5' }),
    ];
    expect(entryBalance(lines)).toEqual({
      debitCents: 121050,
      creditCents: 121050,
      differenceCents: 0,
      balanced: true,
    });
    expect(entryBalance(lines.slice(0, 2))).toMatchObject({ differenceCents: 21050, balanced: false });
  });

  it('checks in the spec order with its messages', () => {
    expect(draftProblem([line({ accountId: '572', debit: '10' })], null)?.message).toBe(
      accountingMessages.noCompany,
    );
    expect(draftProblem([line({ accountId: '572', debit: '10' }), emptyLine()], 'c-1')?.message).toBe(
      accountingMessages.minLines,
    );
    expect(
      draftProblem(
        [line({ accountId: '572', debit: '10', credit: '10' }), line({ accountId: '430', credit: '10' })],
        'c-1',
      ),
    ).toEqual({ message: accountingMessages.lineBothSides, index: 0 });
    expect(
      draftProblem(
        [line({ accountId: '572', debit: '10' }), line({ accountId: '430', description: 'x' })],
        'c-1',
      ),
    ).toEqual({ message: accountingMessages.lineNoSide, index: 1 });
    expect(
      draftProblem(
        [line({ accountId: '572', debit: '10' }), line({ accountId: '430', credit: '9,99' })],
        'c-1',
      )?.message,
    ).toBe(accountingMessages.unbalanced);
    expect(
      draftProblem(
        [line({ accountId: '572', debit: 'diez' }), line({ accountId: '430', credit: '10' })],
        'c-1',
      ),
    ).toEqual({ message: 'Línea 1: importe no válido', index: 0 });
    expect(draftProblem([line({ debit: '10' }), line({ accountId: '430', credit: '10' })], 'c-1')).toEqual({
      message: 'Línea 1: la cuenta es obligatoria.',
      index: 0,
    });
    expect(
      draftProblem(
        [line({ accountId: '572', debit: '10' }), line({ accountId: '430', credit: '10' })],
        'c-1',
      ),
    ).toBeNull();
  });

  it('sends céntimos and leaves blank lines out', () => {
    const body = entryBody(
      {
        entryDate: '2026-03-31',
        description: ' Préstamo ',
        lines: [
          line({ accountId: '572', debit: '1.000,00', description: 'Ingreso' }),
          emptyLine(),
          line({ accountId: '170', credit: '1000' }),
        ],
      },
      'c-1',
    );
    expect(body).toEqual({
      companyId: 'c-1',
      entryDate: '2026-03-31',
      description: 'Préstamo',
      lines: [
        { accountId: '572', debitCents: 100000, creditCents: 0, description: 'Ingreso' },
        { accountId: '170', debitCents: 0, creditCents: 100000 },
      ],
    });
  });
});
