import { recomputeHuella } from '@shared/fiscal/verifactu-record';
import type { RegistroAnulacionFields, SubmissionDetail } from '@shared/schemas/verifactu';
import { describe, expect, it } from 'vitest';
import {
  COMPANY,
  seedRecord,
  submissionItem,
  submissionsHarness,
  table,
} from '../testing/submissions-harness';

const h = submissionsHarness();
const cancel = (seq: number, body: unknown = { reason: 'Factura emitida por error' }, user?: string) =>
  h.call<SubmissionDetail>({
    routeId: 'verifactu.cancelSubmission',
    params: { submissionId: `${COMPANY}-${seq}` },
    body,
    user,
  });

describe('verifactu.cancelSubmission', () => {
  it('an invoice whose alta was rejected: anulación sin registro previo, chained, with the reason; the alta is marked', async () => {
    const { record: alta } = seedRecord({ invoiceId: 'inv1', status: 'ERROR', aeatState: 'Incorrecto' });

    const res = await cancel(1);

    expect(res.status).toBe(201);
    const d = res.envelope.data!;
    expect(d).toMatchObject({
      seq: 2,
      kind: 'ANULACION',
      operation: 'ANULACION_SIN_REGISTRO_PREVIO',
      status: 'QUEUED',
    });
    expect(d.record).toMatchObject({
      reason: 'Factura emitida por error',
      invoiceId: 'inv1',
      totalCents: 0,
      correctsSeq: null,
    });
    const f = d.record.fields as RegistroAnulacionFields;
    expect(f.SinRegistroPrevio).toBe('S');
    expect(f.IDFactura).toEqual({
      IDEmisorFacturaAnulada: 'B12345674',
      NumSerieFacturaAnulada: 'F-2027-0001',
      FechaExpedicionFacturaAnulada: '10-01-2027',
    });
    expect(f.Encadenamiento).toMatchObject({ RegistroAnterior: { Huella: alta.huella } });
    expect(recomputeHuella(f)).toBe(f.Huella);
    expect(submissionItem(1)!.correctedBySeq).toBe(2);
    expect(d.qrUrl).toBeNull();
  });

  it('an invoice whose anulación was rejected: anulación tras rechazo (RechazoPrevio=S)', async () => {
    seedRecord({ invoiceId: 'inv1', status: 'VERIFIED' });
    seedRecord({
      invoiceId: 'inv1',
      kind: 'ANULACION',
      number: 'F-2027-0001',
      status: 'ERROR',
      aeatState: 'Incorrecto',
    });
    const d = (await cancel(1)).envelope.data!;
    expect(d.operation).toBe('ANULACION_TRAS_RECHAZO');
    expect((d.record.fields as RegistroAnulacionFields).RechazoPrevio).toBe('S');
    expect(d.record.correctsSeq).toBe(2);
    expect(submissionItem(2)!.correctedBySeq).toBe(3);
  });

  it.each(['VERIFIED', 'ACCEPTED_WITH_ERRORS', 'QUEUED', 'SENT'] as const)(
    'a live invoice (alta %s) is annulled from invoicing: 409, nothing written',
    async (status) => {
      seedRecord({ invoiceId: 'inv1', status });
      const res = await cancel(1);
      expect(res.status).toBe(409);
      expect(res.envelope.error?.message).toBe(
        'Para anular una factura emitida, anúlala desde Facturación: se generará el registro de anulación.',
      );
      expect(table.transactions).toHaveLength(0);
    },
  );

  it('an invoice already annulled is 409; two cancellations cannot both write', async () => {
    seedRecord({ invoiceId: 'inv1', status: 'ERROR', aeatState: 'Incorrecto' });
    expect((await cancel(1)).status).toBe(201);
    const again = await cancel(1);
    expect(again.status).toBe(409);
    expect(again.envelope.error?.message).toBe('La factura ya tiene un registro de anulación.');
  });

  it('needs a reason (400) and write permission (403)', async () => {
    seedRecord({ invoiceId: 'inv1', status: 'ERROR', aeatState: 'Incorrecto' });
    const res = await cancel(1, { reason: '' });
    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ field: 'reason' });
    expect((await cancel(1, undefined, 'member')).status).toBe(403);
  });
});
