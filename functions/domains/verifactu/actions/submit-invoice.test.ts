import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COMPANY,
  QUEUE_URL,
  seedCompany,
  seedConfig,
  seedRecord,
  submissionsHarness,
} from '../testing/submissions-harness';
import type { SubmitResult } from './submit-invoice';

const requeue = vi.hoisted(() => vi.fn(async () => true));
vi.mock('../store/submissions', () => ({ requeueSubmission: requeue }));

const h = submissionsHarness();
beforeEach(() => requeue.mockReset().mockResolvedValue(true));

const submit = (invoiceId: string, user?: string) =>
  h.call<SubmitResult>({ routeId: 'verifactu.submitInvoice', params: { invoiceId }, user });
const bulk = (invoiceIds: string[]) =>
  h.call<{ results: SubmitResult[] }>({ routeId: 'verifactu.bulkSubmit', body: { invoiceIds } });
const sent = () => h.sqs.commandCalls(SendMessageCommand).map((c) => c.args[0].input);

describe('verifactu.submitInvoice / bulkSubmit', () => {
  it('a QUEUED record wakes the company sender now on the FIFO queue (group = company)', async () => {
    seedConfig();
    seedRecord({ invoiceId: 'inv1' });

    const res = await submit('inv1');

    expect(res.envelope.data).toEqual({
      invoiceId: 'inv1',
      result: 'QUEUED',
      message: 'El registro se envía a la AEAT ahora.',
    });
    expect(sent()).toEqual([
      {
        QueueUrl: QUEUE_URL,
        MessageBody: JSON.stringify({ companyId: COMPANY }),
        MessageGroupId: COMPANY,
        MessageDeduplicationId: `manual-${COMPANY}-${Date.parse('2027-01-15T09:30:00.000Z')}`,
      },
    ]);
  });

  it('bulk: one result per invoice, one wake-up; technical ERROR is requeued; rejections need a correction', async () => {
    seedConfig();
    seedRecord({ invoiceId: 'q' });
    seedRecord({ invoiceId: 'v', status: 'VERIFIED' });
    seedRecord({ invoiceId: 'r', status: 'ERROR', aeatState: 'Incorrecto' });
    seedRecord({ invoiceId: 'w', status: 'ACCEPTED_WITH_ERRORS', aeatState: 'AceptadoConErrores' });
    seedRecord({ invoiceId: 't', status: 'ERROR', aeatState: null });
    seedRecord({ invoiceId: 's', status: 'SENT' });

    const res = await bulk(['q', 'v', 'r', 'w', 't', 's', 'none', 'q']);

    expect(res.status).toBe(200);
    expect(res.envelope.data!.results.map((r) => [r.invoiceId, r.result])).toEqual([
      ['q', 'QUEUED'],
      ['v', 'ALREADY_SENT'],
      ['r', 'NEEDS_CORRECTION'],
      ['w', 'NEEDS_CORRECTION'],
      ['t', 'QUEUED'],
      ['s', 'ALREADY_SENT'],
      ['none', 'NOT_APPLICABLE'],
    ]);
    expect(requeue).toHaveBeenCalledTimes(1);
    expect(requeue).toHaveBeenCalledWith(expect.anything(), COMPANY, 5);
    expect(sent()).toHaveLength(1);
  });

  it('nothing to send: no message', async () => {
    seedConfig();
    seedRecord({ invoiceId: 'v', status: 'VERIFIED' });
    await submit('v');
    expect(sent()).toHaveLength(0);
  });

  it('a company in the SII, or in NO VERI*FACTU mode: NOT_APPLICABLE', async () => {
    seedConfig({ mode: 'NO_VERIFACTU' });
    seedRecord({ invoiceId: 'inv1' });
    expect((await submit('inv1')).envelope.data!.result).toBe('NOT_APPLICABLE');
    seedCompany({ siiEnabled: true });
    expect((await submit('inv1')).envelope.data).toMatchObject({
      result: 'NOT_APPLICABLE',
      message: 'La empresa lleva el SII: VeriFacTu no se aplica.',
    });
    expect(sent()).toHaveLength(0);
  });

  it('without a configuration (or disabled): 409 "VeriFacTu no está configurado para esta empresa."', async () => {
    seedRecord({ invoiceId: 'inv1' });
    for (const setup of [() => undefined, () => seedConfig({ enabled: false })]) {
      setup();
      const res = await submit('inv1');
      expect(res.status).toBe(409);
      expect(res.envelope.error?.message).toBe('VeriFacTu no está configurado para esta empresa.');
    }
  });

  it('a failing queue does not fail the request (the sweep wakes the sender)', async () => {
    seedConfig();
    seedRecord({ invoiceId: 'inv1' });
    h.sqs.on(SendMessageCommand).rejects(new Error('down'));
    expect((await submit('inv1')).envelope.data!.result).toBe('QUEUED');
  });

  it('writes need ADMIN, GESTOR or OWNER', async () => {
    seedConfig();
    expect((await submit('inv1', 'member')).status).toBe(403);
    expect((await submit('inv1', 'clienteTax')).status).toBe(403);
    expect((await submit('inv1', 'admin')).status).toBe(200);
  });
});
