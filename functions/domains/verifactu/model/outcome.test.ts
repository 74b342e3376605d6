import type { VerifactuRecord } from '@shared/schemas/verifactu';
import { describe, expect, it } from 'vitest';
import {
  consultaMatch,
  idFacturaOfRecord,
  lineKey,
  outcomeOfConsulta,
  outcomeOfLine,
  type ResponseLine,
} from './outcome';

const id = { IDEmisorFactura: 'B12345678', NumSerieFactura: 'F-1', FechaExpedicionFactura: '15-01-2027' };
const line = (over: Partial<ResponseLine>): ResponseLine => ({
  idFactura: id,
  operation: 'Alta',
  estadoRegistro: 'Correcto',
  code: null,
  message: null,
  duplicate: null,
  ...over,
});
const alta = { kind: 'ALTA', huella: 'AA', fields: { IDFactura: id } } as unknown as VerifactuRecord;
const anulacion = {
  kind: 'ANULACION',
  huella: 'BB',
  fields: {
    IDFactura: {
      IDEmisorFacturaAnulada: 'B12345678',
      NumSerieFacturaAnulada: 'F-1',
      FechaExpedicionFacturaAnulada: '15-01-2027',
    },
  },
} as unknown as VerifactuRecord;

describe('outcomeOfLine', () => {
  it('Correcto → VERIFIED, AceptadoConErrores → ACCEPTED_WITH_ERRORS, Incorrecto → ERROR with the code', () => {
    expect(outcomeOfLine(line({}))).toMatchObject({
      status: 'VERIFIED',
      aeatState: 'Correcto',
      outcome: 'SENT_OK',
    });
    expect(outcomeOfLine(line({ estadoRegistro: 'AceptadoConErrores', code: '2001' }))).toMatchObject({
      status: 'ACCEPTED_WITH_ERRORS',
      aeatCode: '2001',
      aeatMessage: 'El NIF del destinatario no está identificado en el censo de la AEAT.',
    });
    expect(outcomeOfLine(line({ estadoRegistro: 'Incorrecto', code: '1100', message: 'NIF mal' }))).toEqual({
      status: 'ERROR',
      aeatState: 'Incorrecto',
      aeatCode: '1100',
      aeatMessage: 'NIF mal',
      outcome: 'REJECTED',
    });
  });

  it('3000 duplicate takes the state the AEAT holds', () => {
    const dup = (estado: 'Correcta' | 'AceptadaConErrores' | 'Anulada') =>
      outcomeOfLine(
        line({
          estadoRegistro: 'Incorrecto',
          code: '3000',
          duplicate: { estado, code: null, message: null },
        }),
      );
    expect(dup('Correcta')).toMatchObject({
      status: 'VERIFIED',
      aeatState: 'Correcta',
      outcome: 'DUPLICATE',
    });
    expect(dup('AceptadaConErrores')).toMatchObject({ status: 'ACCEPTED_WITH_ERRORS' });
    expect(dup('Anulada')).toMatchObject({ status: 'VERIFIED', aeatState: 'Anulada' });
    expect(dup('Correcta').aeatMessage).toMatch(/duplicado/i);
    expect(outcomeOfLine(line({ estadoRegistro: 'Incorrecto', code: '3000' }))).toMatchObject({
      status: 'VERIFIED',
    });
  });
});

describe('matching', () => {
  it('answers an anulación under the …Anulada values, and keys by operation', () => {
    expect(idFacturaOfRecord(anulacion)).toEqual(id);
    expect(lineKey(id, 'Alta')).not.toBe(lineKey(id, 'Anulacion'));
    expect(lineKey({ ...id, IDEmisorFactura: ' b12345678 ' }, 'Alta')).toBe(lineKey(id, 'Alta'));
  });

  it('ConsultaLR finds an alta by IDFactura and huella (or IDFactura alone when no huella came)', () => {
    const row = { idFactura: id, estado: 'Correcta' as const, huella: 'AA', code: null, message: null };
    expect(consultaMatch(alta, [row])).toMatchObject({ kind: 'found', estado: 'Correcta' });
    expect(consultaMatch(alta, [{ ...row, huella: 'OTHER' }])).toEqual({ kind: 'not-found' });
    expect(consultaMatch(alta, [{ ...row, huella: null }])).toMatchObject({ kind: 'found' });
    expect(consultaMatch(alta, [{ ...row, idFactura: { ...id, NumSerieFactura: 'F-2' } }])).toEqual({
      kind: 'not-found',
    });
    expect(consultaMatch(alta, [])).toEqual({ kind: 'not-found' });
  });

  it('ConsultaLR finds an anulación when the invoice is Anulada', () => {
    const row = { idFactura: id, estado: 'Correcta' as const, huella: 'AA', code: null, message: null };
    expect(consultaMatch(anulacion, [row])).toEqual({ kind: 'not-found' });
    expect(consultaMatch(anulacion, [{ ...row, estado: 'Anulada' }])).toMatchObject({
      kind: 'found',
      estado: 'Anulada',
    });
  });

  it('a found record takes its state', () => {
    expect(
      outcomeOfConsulta({ kind: 'found', estado: 'AceptadaConErrores', code: '2001', message: null }),
    ).toMatchObject({
      status: 'ACCEPTED_WITH_ERRORS',
      outcome: 'CONSULTED',
      aeatCode: '2001',
    });
    expect(outcomeOfConsulta({ kind: 'found', estado: 'Correcta', code: null, message: null }).status).toBe(
      'VERIFIED',
    );
  });
});
