import type { SiiConsultaRecord } from '@functions/lib/sii-xml';
import { issuedDomestic, payment } from '@functions/lib/sii-xml/testing/records';
import type { SiiEntry } from '@shared/schemas/sii';
import { describe, expect, it } from 'vitest';
import { queuedEntry } from '../testing/sender-fakes';
import {
  claimChange,
  MAX_ATTEMPTS,
  recordResult,
  settleChange,
  submissionStatus,
  verdictOfConsulta,
  verdictOfLine,
} from './outcome';

const AT = '2026-03-10T10:00:00.000Z';
const sent = (over: Partial<SiiEntry> = {}): SiiEntry => {
  const e = queuedEntry(issuedDomestic(), over);
  return { ...e, ...claimChange(e, 'att-1', '2026-03-10T09:59:00.000Z', 'sub-1'), ...over };
};
const line = (
  state: 'Correcto' | 'AceptadoConErrores' | 'Incorrecto',
  code: string | null = null,
  message: string | null = null,
) => ({
  state,
  code,
  message,
  csv: null,
});
const row = (over: Partial<SiiConsultaRecord> = {}): SiiConsultaRecord => ({
  invoiceId: { ...issuedDomestic().invoiceId, issuerName: null },
  goodIdentification: null,
  key: 'k',
  state: 'Correcta',
  code: null,
  message: null,
  timestamp: '2026-03-10T10:59:00+01:00',
  csv: 'CSVNUEVO',
  payment: null,
  ...over,
});

describe('verdictOfLine', () => {
  it('reads Correcto and AceptadoConErrores as registered, or removed for a baja', () => {
    expect(verdictOfLine(sent(), line('Correcto'), 'CSV1')).toMatchObject({
      kind: 'REGISTERED',
      withErrors: false,
      csv: 'CSV1',
    });
    expect(verdictOfLine(sent(), line('AceptadoConErrores', '2011', 'No censado'), 'CSV1')).toMatchObject({
      kind: 'REGISTERED',
      withErrors: true,
      code: '2011',
    });
    expect(verdictOfLine(sent({ sentOperation: 'BAJA' }), line('Correcto'), 'CSV1')).toMatchObject({
      kind: 'REMOVED',
    });
  });

  it('asks ConsultaLR after a 3000 to an A0; turns 3001/3002 into A0 for an A1 and into done for a baja', () => {
    expect(verdictOfLine(sent(), line('Incorrecto', '3000', 'Factura duplicada.'), null).kind).toBe('ASK');
    expect(
      verdictOfLine(sent({ sentOperation: 'A1' }), line('Incorrecto', '3002', 'No existe el Registro.'), null)
        .kind,
    ).toBe('NOT_AT_AEAT');
    expect(
      verdictOfLine(sent({ sentOperation: 'A1' }), line('Incorrecto', '3001', 'Ya dado de baja.'), null).kind,
    ).toBe('NOT_AT_AEAT');
    expect(
      verdictOfLine(sent({ sentOperation: 'BAJA' }), line('Incorrecto', '3002', 'No existe.'), null).kind,
    ).toBe('REMOVED');
    expect(
      verdictOfLine(sent({ sentOperation: 'A1' }), line('Incorrecto', '3000', 'Duplicada'), null).kind,
    ).toBe('REJECTED');
    expect(verdictOfLine(sent(), line('Incorrecto', '1117', 'El NIF no está identificado.'), null)).toEqual({
      kind: 'REJECTED',
      code: '1117',
      message: 'El NIF no está identificado.',
    });
  });
});

describe('verdictOfConsulta', () => {
  it('an A0 found live is registered (with its errors); annulled or absent is not there', () => {
    expect(verdictOfConsulta(sent(), [row({ state: 'AceptadaConErrores', code: '2011' })])).toMatchObject({
      kind: 'REGISTERED',
      withErrors: true,
      csv: 'CSVNUEVO',
      via: 'CONSULTA',
    });
    expect(verdictOfConsulta(sent(), [row({ state: 'Anulada' })]).kind).toBe('NOT_DELIVERED');
    expect(verdictOfConsulta(sent(), []).kind).toBe('NOT_DELIVERED');
  });

  it('an A1 landed when the AEAT shows another presentation than the one we knew', () => {
    const a1 = sent({ sentOperation: 'A1', registered: true, csv: 'CSVVIEJO' });
    expect(verdictOfConsulta(a1, [row({ csv: 'CSVNUEVO' })]).kind).toBe('REGISTERED');
    expect(verdictOfConsulta(a1, [row({ csv: 'CSVVIEJO' })]).kind).toBe('NOT_DELIVERED');
    expect(verdictOfConsulta(a1, []).kind).toBe('NOT_AT_AEAT');
  });

  it('without CSVs, an A1 landed when the AEAT modified the record at or after our send (clock margin)', () => {
    const a1 = sent({
      sentOperation: 'A1',
      registered: true,
      csv: null,
      lastSentAt: '2026-03-10T10:00:00.400Z',
    });
    expect(verdictOfConsulta(a1, [row({ csv: null, timestamp: '2026-03-10T11:00:00+01:00' })]).kind).toBe(
      'REGISTERED',
    );
    expect(verdictOfConsulta(a1, [row({ csv: null, timestamp: '2026-03-10T10:59:50+01:00' })]).kind).toBe(
      'NOT_DELIVERED',
    );
  });

  it('a baja landed when the record is annulled or gone', () => {
    const baja = sent({ sentOperation: 'BAJA', registered: true, withdrawn: true });
    expect(verdictOfConsulta(baja, [row({ state: 'Anulada' })]).kind).toBe('REMOVED');
    expect(verdictOfConsulta(baja, []).kind).toBe('REMOVED');
    expect(verdictOfConsulta(baja, [row()]).kind).toBe('NOT_DELIVERED');
  });

  it('a cobro/pago landed when every payment of the record is among the AEAT ones', () => {
    const cash = { ...sent(), record: payment() };
    const p = payment().payments[0]!;
    const pay = (amountCents: number) =>
      row({ payment: { date: p.date, amountCents, method: '02', account: null } });
    expect(verdictOfConsulta(cash, [pay(p.amountCents)]).kind).toBe('REGISTERED');
    expect(verdictOfConsulta(cash, [pay(p.amountCents + 1)]).kind).toBe('NOT_DELIVERED');
  });
});

describe('settleChange', () => {
  it('accepted: final, registered, nothing pending, attempts reset; the CSV kept', () => {
    const { change, notice } = settleChange(
      sent(),
      { kind: 'REGISTERED', withErrors: false, code: null, message: null, csv: 'C', via: 'ANSWER' },
      AT,
      'sub-1',
    );
    expect(change).toMatchObject({
      status: 'ACCEPTED',
      registered: true,
      pendingOperation: null,
      attempts: 0,
      csv: 'C',
      acceptedAt: AT,
      lastError: null,
    });
    expect(change.history.at(-1)).toMatchObject({
      status: 'ACCEPTED',
      operation: 'A0',
      submissionId: 'sub-1',
    });
    expect(notice).toBeNull();
  });

  it('a content that changed in flight is queued again with the operation due now', () => {
    const moved = { ...sent(), contentVersion: 2 };
    const accepted = settleChange(
      moved,
      { kind: 'REGISTERED', withErrors: false, code: null, message: null, csv: 'C', via: 'ANSWER' },
      AT,
      's',
    );
    expect(accepted.change).toMatchObject({
      status: 'QUEUED',
      registered: true,
      pendingOperation: 'A1',
      attemptId: null,
    });
    const rejected = settleChange(moved, { kind: 'REJECTED', code: '1100', message: 'x' }, AT, 's');
    expect(rejected.change).toMatchObject({ status: 'QUEUED', pendingOperation: 'A0' });
    expect(rejected.notice).toBeNull();
    const withdrawn = settleChange(
      { ...moved, withdrawn: true },
      { kind: 'REJECTED', code: '1100', message: 'x' },
      AT,
      's',
    );
    expect(withdrawn.change).toMatchObject({ status: 'NOT_SENT', pendingOperation: null });
  });

  it('rejected: REJECTED with the code, its operation still due, the staff told', () => {
    const { change, notice } = settleChange(
      sent(),
      { kind: 'REJECTED', code: '1117', message: 'NIF' },
      AT,
      's',
    );
    expect(change).toMatchObject({
      status: 'REJECTED',
      pendingOperation: 'A0',
      lastError: { code: '1117', message: 'NIF' },
    });
    expect(notice).toBe('REJECTED');
  });

  it('not delivered: QUEUED, then ERROR (and a notice) once the attempts are spent', () => {
    const verdict = { kind: 'NOT_DELIVERED', reason: 'TIMEOUT', message: 'Sin respuesta' } as const;
    expect(settleChange(sent({ attempts: 1 }), verdict, AT, 's')).toMatchObject({
      change: { status: 'QUEUED', attempts: 1 },
      notice: null,
    });
    expect(settleChange(sent({ attempts: MAX_ATTEMPTS }), verdict, AT, 's')).toMatchObject({
      change: { status: 'ERROR', lastError: { code: 'TIMEOUT' } },
      notice: 'ERROR',
    });
  });

  it('a split is not an attempt: the claim is given back', () => {
    const { change } = settleChange(
      sent({ attempts: 3 }),
      { kind: 'RETRY_SPLIT', message: 'partes' },
      AT,
      's',
    );
    expect(change).toMatchObject({ status: 'QUEUED', attempts: 2, attemptId: null });
  });

  it('an A1 the AEAT does not have goes as A0, registered no more', () => {
    const { change } = settleChange(
      sent({ sentOperation: 'A1', pendingOperation: 'A1', registered: true }),
      { kind: 'NOT_AT_AEAT', code: '3002', message: 'No existe' },
      AT,
      's',
    );
    expect(change).toMatchObject({
      status: 'QUEUED',
      registered: false,
      pendingOperation: 'A0',
      attempts: 0,
    });
  });

  it('a baja taken: final, not registered', () => {
    const { change } = settleChange(
      sent({ sentOperation: 'BAJA', pendingOperation: 'BAJA', registered: true, withdrawn: true }),
      { kind: 'REMOVED', code: null, message: null, csv: 'C', via: 'ANSWER' },
      AT,
      's',
    );
    expect(change).toMatchObject({ status: 'ACCEPTED', registered: false, pendingOperation: null });
  });

  it('keeps at most the history cap', () => {
    const long = sent({
      history: Array.from({ length: 60 }, () => ({
        at: AT,
        status: 'QUEUED' as const,
        operation: 'A0' as const,
      })),
    });
    expect(
      settleChange(long, { kind: 'REJECTED', code: '1', message: 'x' }, AT, 's').change.history,
    ).toHaveLength(50);
  });
});

describe('submission results', () => {
  it('lists each record by the AEAT judgement and sums up the message', () => {
    expect(recordResult({ kind: 'ASK', code: '3000', message: 'Duplicada' })).toEqual({
      status: 'REJECTED',
      code: '3000',
      message: 'Duplicada',
    });
    expect(submissionStatus(['ACCEPTED', 'ACCEPTED'])).toBe('ACCEPTED');
    expect(submissionStatus(['ACCEPTED', 'REJECTED'])).toBe('PARTIALLY_ACCEPTED');
    expect(submissionStatus(['REJECTED'])).toBe('REJECTED');
  });
});
