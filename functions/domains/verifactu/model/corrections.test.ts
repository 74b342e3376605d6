import { AppError } from '@shared/api/errors';
import { recomputeHuella } from '@shared/fiscal/verifactu-record';
import type { VerifactuRecord, VerifactuSubmission } from '@shared/schemas/verifactu';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { altaFields, SYSTEM } from '../testing/submissions-harness';
import { cancelPlan, correctedAltaFields, LIVE_INVOICE_MESSAGE, resubmitPlan } from './corrections';

const sub = (over: Partial<VerifactuSubmission>): VerifactuSubmission =>
  ({ seq: 1, status: 'QUEUED', aeatState: null, correctedBySeq: null, ...over }) as VerifactuSubmission;
const rec = (seq: number, kind: 'ALTA' | 'ANULACION'): VerifactuRecord =>
  ({
    seq,
    kind,
    fields: altaFields('F-1', '2027-01-10', null, '2027-01-15T10:00:00+01:00'),
  }) as VerifactuRecord;

const conflictMessage = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).status).toBe(409);
    return (e as AppError).message;
  }
  throw new Error('expected a 409');
};

describe('resubmitPlan (AEAT operation matrix)', () => {
  it('maps each state to its operation', () => {
    expect(resubmitPlan(sub({ status: 'ERROR', aeatState: 'Incorrecto' }), { kind: 'ALTA' }, null)).toEqual({
      kind: 'NEW_ALTA',
      operation: 'ALTA_TRAS_RECHAZO',
    });
    expect(
      resubmitPlan(
        sub({ status: 'ACCEPTED_WITH_ERRORS', aeatState: 'AceptadoConErrores' }),
        { kind: 'ALTA' },
        null,
      ),
    ).toEqual({
      kind: 'NEW_ALTA',
      operation: 'SUBSANACION',
    });
    expect(
      resubmitPlan(sub({ status: 'ERROR', aeatState: 'Incorrecto' }), { kind: 'ANULACION' }, null),
    ).toEqual({
      kind: 'NEW_ANULACION',
      operation: 'ANULACION_TRAS_RECHAZO',
    });
    expect(resubmitPlan(sub({ status: 'ERROR', aeatState: null }), { kind: 'ALTA' }, null)).toEqual({
      kind: 'REQUEUE',
    });
  });

  it('refuses VERIFIED, QUEUED, SENT, an already corrected one, a superseded one, an accepted anulación', () => {
    for (const status of ['VERIFIED', 'QUEUED', 'SENT'] as const) {
      expect(conflictMessage(() => resubmitPlan(sub({ status }), { kind: 'ALTA' }, null))).toMatch(/\.$/);
    }
    expect(
      conflictMessage(() =>
        resubmitPlan(
          sub({ status: 'ERROR', aeatState: 'Incorrecto', correctedBySeq: 4 }),
          { kind: 'ALTA' },
          null,
        ),
      ),
    ).toBe('Este envío ya se corrigió con el registro nº 4.');
    expect(
      conflictMessage(() =>
        resubmitPlan(sub({ status: 'ERROR', aeatState: 'Incorrecto' }), { kind: 'ALTA' }, 7),
      ),
    ).toContain('nº 7');
    expect(
      conflictMessage(() =>
        resubmitPlan(sub({ status: 'ACCEPTED_WITH_ERRORS' }), { kind: 'ANULACION' }, null),
      ),
    ).toBe('La AEAT aceptó la anulación: no admite subsanación.');
  });
});

describe('correctedAltaFields', () => {
  const previous = (timestamp = '2027-01-15T10:00:00+01:00') =>
    ({ fields: altaFields('F-2027-0001', '2027-01-10', null, timestamp) }) as VerifactuRecord;

  it('re-chains and re-hashes: recomputeHuella matches, the flags follow the operation', () => {
    const link = {
      idFactura: {
        IDEmisorFactura: 'B12345674',
        NumSerieFactura: 'F-9',
        FechaExpedicionFactura: '11-01-2027',
      },
      huella: 'A'.repeat(64),
    };
    const f = correctedAltaFields({
      previous: previous(),
      operation: 'ALTA_TRAS_RECHAZO',
      corrections: { descripcionOperacion: 'Nueva descripción' },
      link,
      timestamp: '2027-01-16T09:00:00+01:00',
      system: SYSTEM,
    });
    expect(f).toMatchObject({
      Subsanacion: 'S',
      RechazoPrevio: 'X',
      DescripcionOperacion: 'Nueva descripción',
    });
    expect(f.Encadenamiento).toEqual({ RegistroAnterior: { ...link.idFactura, Huella: link.huella } });
    expect(f.FechaHoraHusoGenRegistro).toBe('2027-01-16T09:00:00+01:00');
    expect(recomputeHuella(f)).toBe(f.Huella);
    expect(f.Huella).not.toBe(previous().fields.Huella);
    // XSD order: the flags come right after NombreRazonEmisor.
    expect(Object.keys(f).slice(0, 6)).toEqual([
      'IDVersion',
      'IDFactura',
      'RefExterna',
      'NombreRazonEmisor',
      'Subsanacion',
      'RechazoPrevio',
    ]);
  });

  it('property: any correction of any previous alta hashes to what recomputeHuella says', () => {
    fc.assert(
      fc.property(
        fc.record({
          descripcionOperacion: fc.option(
            fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== ''),
            { nil: undefined },
          ),
          fechaOperacion: fc.option(fc.constantFrom('2027-01-01', '2026-12-31'), { nil: undefined }),
        }),
        fc.constantFrom('SUBSANACION' as const, 'ALTA_TRAS_RECHAZO' as const),
        fc.option(fc.stringMatching(/^[0-9A-F]{64}$/), { nil: null }),
        (corrections, operation, huella) => {
          const f = correctedAltaFields({
            previous: previous(),
            operation,
            corrections,
            link: huella ? { idFactura: previous().fields.IDFactura as never, huella } : null,
            timestamp: '2027-02-01T10:00:00+01:00',
            system: SYSTEM,
          });
          expect(recomputeHuella(f)).toBe(f.Huella);
          expect(f.RechazoPrevio === 'X').toBe(operation === 'ALTA_TRAS_RECHAZO');
        },
      ),
      { numRuns: 100 },
    );
  });

  it('refuses a recipient on a simplified invoice, and a recipient without an id', () => {
    const f2 = {
      fields: altaFields('T-1', '2027-01-10', null, '2027-01-15T10:00:00+01:00', { TipoFactura: 'F2' }),
    } as VerifactuRecord;
    const base = {
      operation: 'SUBSANACION' as const,
      link: null,
      timestamp: '2027-01-16T09:00:00+01:00',
      system: SYSTEM,
    };
    expect(() =>
      correctedAltaFields({
        ...base,
        previous: f2,
        corrections: { recipient: { name: 'A', nif: '12345678Z' } },
      }),
    ).toThrow('Una factura simplificada no lleva destinatario');
    expect(() =>
      correctedAltaFields({ ...base, previous: previous(), corrections: { recipient: { name: 'A' } } }),
    ).toThrow('Indica el NIF');
  });
});

describe('cancelPlan', () => {
  it('rejected alta → sin registro previo; rejected anulación → tras rechazo; live → 409', () => {
    expect(
      cancelPlan([rec(1, 'ALTA')], [sub({ seq: 1, status: 'ERROR', aeatState: 'Incorrecto' })]).operation,
    ).toBe('ANULACION_SIN_REGISTRO_PREVIO');
    const plan = cancelPlan(
      [rec(1, 'ALTA'), rec(2, 'ANULACION')],
      [sub({ seq: 1, status: 'VERIFIED' }), sub({ seq: 2, status: 'ERROR', aeatState: 'Incorrecto' })],
    );
    expect(plan).toMatchObject({ operation: 'ANULACION_TRAS_RECHAZO', correctsSeq: 2 });
    expect(conflictMessage(() => cancelPlan([rec(1, 'ALTA')], [sub({ seq: 1, status: 'VERIFIED' })]))).toBe(
      LIVE_INVOICE_MESSAGE,
    );
    // An alta rejected then corrected and accepted: the invoice is live.
    expect(
      conflictMessage(() =>
        cancelPlan(
          [rec(1, 'ALTA'), rec(2, 'ALTA')],
          [
            sub({ seq: 1, status: 'ERROR', aeatState: 'Incorrecto', correctedBySeq: 2 }),
            sub({ seq: 2, status: 'VERIFIED' }),
          ],
        ),
      ),
    ).toBe(LIVE_INVOICE_MESSAGE);
  });
});
