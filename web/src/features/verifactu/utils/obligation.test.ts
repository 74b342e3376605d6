import type { VerifactuObligation } from '@shared/schemas/verifactu';
import { describe, expect, it } from 'vitest';
import { obligationMessage } from './obligation';

const obligation = (over: Partial<VerifactuObligation> = {}): VerifactuObligation => ({
  applies: true,
  mandatoryFrom: '2027-01-01',
  mandatory: false,
  taxpayerKind: 'CORPORATE_TAX',
  source: 'RD 1007/2023',
  ...over,
});
const blocked = { ready: false, reason: { code: 'NOT_CONFIGURED', message: 'x' } } as const;
const sends = { ready: true, reason: null } as const;

describe('obligationMessage', () => {
  it('before the date without VeriFacTu: a warning saying from when it is mandatory', () => {
    expect(obligationMessage(obligation(), blocked)).toEqual({
      type: 'warning',
      text: expect.stringMatching(
        /^VeriFacTu será obligatorio para esta empresa desde el 1 de enero de 2027/,
      ),
    });
  });

  it('after the date without VeriFacTu: an error (invoices cannot be confirmed)', () => {
    expect(obligationMessage(obligation({ mandatory: true }), blocked)).toMatchObject({
      type: 'error',
      text: expect.stringMatching(/^Desde el 1 de enero de 2027 VeriFacTu es obligatorio/),
    });
  });

  it('sending: a plain information', () => {
    expect(obligationMessage(obligation({ mandatoryFrom: '2027-07-01' }), sends)).toEqual({
      type: 'info',
      text: 'VeriFacTu será obligatorio para esta empresa desde el 1 de julio de 2027; sus registros se envían a la AEAT.',
    });
  });

  it('nothing for a company in the SII or without the data', () => {
    expect(obligationMessage(obligation({ applies: false, mandatoryFrom: null }), blocked)).toBeNull();
    expect(obligationMessage(undefined, undefined)).toBeNull();
  });
});
