import type { SubmissionDetail } from '@shared/schemas/verifactu';
import { describe, expect, it } from 'vitest';
import { COMPANY, OTHER_COMPANY, seedRecord, submissionsHarness } from '../testing/submissions-harness';

const h = submissionsHarness();
const get = (submissionId: string, user?: string) =>
  h.call<SubmissionDetail>({ routeId: 'verifactu.getSubmission', params: { submissionId }, user });

describe('verifactu.getSubmission', () => {
  it('answers the submission with its record and the QR URL of the alta', async () => {
    const { record } = seedRecord({ invoiceId: 'inv1', status: 'VERIFIED' });

    const res = await get(`${COMPANY}-1`);

    expect(res.status).toBe(200);
    const d = res.envelope.data!;
    expect(d).toMatchObject({ recordId: `${COMPANY}-1`, seq: 1, status: 'VERIFIED', invoiceId: 'inv1' });
    expect(d.record.huella).toBe(record.huella);
    expect(d.qrUrl).toBe(
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B12345674&numserie=F-2027-0001&fecha=10-01-2027&importe=121.00',
    );
  });

  it('a QUEUED alta of a company without VeriFacTu configured: no QR URL, the reason it waits', async () => {
    seedRecord({ invoiceId: 'inv1' });
    const d = (await get(`${COMPANY}-1`)).envelope.data!;
    expect(d.qrUrl).toBeNull();
    expect(d.pendingReason?.code).toBe('NOT_CONFIGURED');
  });

  it('an anulación has no QR', async () => {
    seedRecord({ invoiceId: 'inv1', status: 'ERROR', aeatState: 'Incorrecto' });
    seedRecord({
      invoiceId: 'inv1',
      kind: 'ANULACION',
      operation: 'ANULACION_SIN_REGISTRO_PREVIO',
      number: 'F-2027-0001',
    });
    expect((await get(`${COMPANY}-2`)).envelope.data!.qrUrl).toBeNull();
  });

  it('404 for a missing seq, a malformed id and another company record (ids cannot be probed)', async () => {
    seedRecord({ invoiceId: 'x', companyId: OTHER_COMPANY });
    for (const id of [`${COMPANY}-7`, `${COMPANY}-0`, `${COMPANY}-01`, 'nonsense', `${OTHER_COMPANY}-1`]) {
      const res = await get(id);
      expect(res.status, id).toBe(404);
      expect(res.envelope.error).toMatchObject({
        code: 'CORE_006',
        message: 'El envío VeriFacTu no existe.',
      });
    }
  });

  it('CLIENTE without VIEW_TAX_DOCUMENTS is refused', async () => {
    seedRecord({ invoiceId: 'inv1' });
    expect((await get(`${COMPANY}-1`, 'cliente')).status).toBe(403);
  });
});
