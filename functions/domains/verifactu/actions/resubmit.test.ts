import { recomputeHuella } from '@shared/fiscal/verifactu-record';
import type {
  RegistroAltaFields,
  RegistroAnulacionFields,
  SubmissionDetail,
} from '@shared/schemas/verifactu';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COMPANY,
  seedRecord,
  submissionItem,
  submissionsHarness,
  table,
} from '../testing/submissions-harness';

const requeue = vi.hoisted(() => vi.fn(async () => true));
vi.mock('../store/submissions', () => ({ requeueSubmission: requeue }));

const h = submissionsHarness();
beforeEach(() => requeue.mockReset().mockResolvedValue(true));

const resubmit = (seq: number, body: unknown = {}, user?: string) =>
  h.call<SubmissionDetail>({
    routeId: 'verifactu.resubmit',
    params: { submissionId: `${COMPANY}-${seq}` },
    body,
    user,
  });

describe('verifactu.resubmit', () => {
  it('a rejected alta: a NEW alta tras rechazo (Subsanacion=S, RechazoPrevio=X) with the corrections, chained and hashed, and the old submission marked in the same transaction', async () => {
    const { record: old } = seedRecord({
      invoiceId: 'inv1',
      status: 'ERROR',
      aeatState: 'Incorrecto',
      aeatCode: '1100',
    });
    const { record: head } = seedRecord({ invoiceId: 'inv2', status: 'VERIFIED' });
    const before = structuredClone(table.get({ pk: `COMPANY#${COMPANY}`, sk: 'VF#REC#0000000001' }));

    const res = await resubmit(1, {
      reason: 'Destinatario mal identificado',
      corrections: {
        descripcionOperacion: 'Reparación de caldera y revisión',
        recipient: { name: 'Zapatería Ana SL', nif: 'B11111111' },
        fechaOperacion: '2027-01-09',
      },
    });

    expect(res.status).toBe(200);
    const d = res.envelope.data!;
    expect(d).toMatchObject({
      seq: 3,
      status: 'QUEUED',
      operation: 'ALTA_TRAS_RECHAZO',
      kind: 'ALTA',
      invoiceId: 'inv1',
    });
    expect(d.record).toMatchObject({
      correctsSeq: 1,
      reason: 'Destinatario mal identificado',
      customerName: 'Zapatería Ana SL',
      createdBy: 'gestor',
    });
    const f = d.record.fields as RegistroAltaFields;
    expect(f.Subsanacion).toBe('S');
    expect(f.RechazoPrevio).toBe('X');
    expect(f.DescripcionOperacion).toBe('Reparación de caldera y revisión');
    expect(f.Destinatarios).toEqual([{ NombreRazon: 'Zapatería Ana SL', NIF: 'B11111111' }]);
    expect(f.FechaOperacion).toBe('09-01-2027');
    expect(f.IDFactura).toEqual(old.fields.IDFactura);
    expect(f.Encadenamiento).toEqual({
      RegistroAnterior: { ...(head.fields as RegistroAltaFields).IDFactura, Huella: head.huella },
    });
    expect(recomputeHuella(f)).toBe(f.Huella);
    expect(d.record.huella).toBe(f.Huella);
    expect(d.record.previousHuella).toBe(head.huella);
    // The old record is untouched; its submission is marked, in the record's transaction.
    expect(table.get({ pk: `COMPANY#${COMPANY}`, sk: 'VF#REC#0000000001' })).toEqual(before);
    expect(submissionItem(1)!.correctedBySeq).toBe(3);
    const tx = table.transactions.at(-1)!;
    expect(tx).toHaveLength(5);
    expect(tx[4]!.Update!.ConditionExpression).toContain('#status = :status');
    expect(requeue).not.toHaveBeenCalled();
  });

  it('accepted with errors: a subsanación (Subsanacion=S, no RechazoPrevio)', async () => {
    seedRecord({
      invoiceId: 'inv1',
      status: 'ACCEPTED_WITH_ERRORS',
      aeatState: 'AceptadoConErrores',
      aeatCode: '2001',
    });
    const d = (await resubmit(1)).envelope.data!;
    expect(d.operation).toBe('SUBSANACION');
    const f = d.record.fields as RegistroAltaFields;
    expect(f.Subsanacion).toBe('S');
    expect(f.RechazoPrevio).toBeUndefined();
    expect(recomputeHuella(f)).toBe(f.Huella);
  });

  it('a rejected anulación: a NEW anulación tras rechazo (RechazoPrevio=S) of the same invoice', async () => {
    seedRecord({ invoiceId: 'inv1', status: 'VERIFIED' });
    seedRecord({
      invoiceId: 'inv1',
      kind: 'ANULACION',
      number: 'F-2027-0001',
      status: 'ERROR',
      aeatState: 'Incorrecto',
    });
    const d = (await resubmit(2)).envelope.data!;
    expect(d).toMatchObject({ seq: 3, kind: 'ANULACION', operation: 'ANULACION_TRAS_RECHAZO' });
    const f = d.record.fields as RegistroAnulacionFields;
    expect(f.RechazoPrevio).toBe('S');
    expect(f.IDFactura.NumSerieFacturaAnulada).toBe('F-2027-0001');
    expect(submissionItem(2)!.correctedBySeq).toBe(3);
  });

  it('a technical ERROR (never judged by the AEAT): back to QUEUED, no new record, sender woken', async () => {
    seedRecord({ invoiceId: 'inv1', status: 'ERROR', aeatState: null, aeatCode: 'CERT' });
    const res = await resubmit(1);
    expect(res.status).toBe(200);
    expect(requeue).toHaveBeenCalledWith(expect.anything(), COMPANY, 1);
    expect(table.transactions).toHaveLength(0);
    expect(h.sqs.calls()).toHaveLength(1);
    expect(h.sqs.calls()[0]!.args[0].input).toMatchObject({
      MessageGroupId: COMPANY,
      MessageDeduplicationId: `manual-${COMPANY}-${new Date('2027-01-15T09:30:00.000Z').getTime()}`,
    });
  });

  it('corrections on a technical error are refused (400)', async () => {
    seedRecord({ invoiceId: 'inv1', status: 'ERROR' });
    const res = await resubmit(1, { corrections: { descripcionOperacion: 'x' } });
    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ field: 'corrections' });
  });

  it.each([
    ['VERIFIED', 'La AEAT ya aceptó este registro: no hay nada que reenviar.'],
    ['QUEUED', 'El registro está en cola: se enviará a la AEAT en breve.'],
    ['SENT', 'El registro se ha enviado y se espera la respuesta de la AEAT: no se puede reenviar todavía.'],
  ] as const)('%s is 409 with a Spanish message', async (status, message) => {
    seedRecord({ invoiceId: 'inv1', status });
    const res = await resubmit(1);
    expect(res.status).toBe(409);
    expect(res.envelope.error?.message).toBe(message);
    expect(table.transactions).toHaveLength(0);
  });

  it('a second correction of the same submission is 409 (already corrected)', async () => {
    seedRecord({ invoiceId: 'inv1', status: 'ERROR', aeatState: 'Incorrecto' });
    expect((await resubmit(1)).status).toBe(200);
    const again = await resubmit(1);
    expect(again.status).toBe(409);
    expect(again.envelope.error?.message).toBe('Este envío ya se corrigió con el registro nº 2.');
  });

  it('a concurrent correction that marked the submission first makes this transaction fail: 409, nothing written', async () => {
    seedRecord({ invoiceId: 'inv1', status: 'ERROR', aeatState: 'Incorrecto' });
    // The submission changes between the read and the transaction (another correction won).
    const original = table.transact.bind(table);
    table.transact = (input) => {
      const item = submissionItem(1)!;
      table.put({
        ...(item as object),
        pk: `COMPANY#${COMPANY}`,
        sk: 'VF#SUB#0000000001',
        correctedBySeq: 9,
      });
      return original(input);
    };
    const res = await resubmit(1);
    table.transact = original;
    expect(res.status).toBe(409);
    expect(res.envelope.error?.message).toBe(
      'El envío ha cambiado de estado mientras se corregía: recarga la página.',
    );
    expect(table.get({ pk: `COMPANY#${COMPANY}`, sk: 'VF#REC#0000000002' })).toBeUndefined();
  });

  it('an F2 cannot get a recipient (400); MEMBER and CLIENTE cannot write (403)', async () => {
    seedRecord({
      invoiceId: 'inv1',
      status: 'ERROR',
      aeatState: 'Incorrecto',
      invoiceType: 'F2',
      over: { TipoFactura: 'F2', Destinatarios: undefined },
    });
    const bad = await resubmit(1, { corrections: { recipient: { name: 'X', nif: '12345678Z' } } });
    expect(bad.status).toBe(400);
    expect(bad.envelope.error).toMatchObject({ field: 'corrections.recipient' });
    expect((await resubmit(1, {}, 'member')).envelope.error).toMatchObject({ code: 'CORE_002' });
    expect((await resubmit(1, {}, 'clienteTax')).envelope.error).toMatchObject({ code: 'CORE_002' });
    expect((await resubmit(1, {}, 'owner')).status).toBe(200);
  });
});
