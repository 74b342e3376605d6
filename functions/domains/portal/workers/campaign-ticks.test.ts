/**
 * The `campaign-ticks` stream consumer through its handler (stream records as DynamoDB sends them):
 * a client's upload ticks the matching item on INSERT, the reader's result re-evaluates it on
 * MODIFY, a redelivered record adds nothing, a broken record is skipped, a table failure retries.
 */

import { marshall } from '@aws-sdk/util-dynamodb';
import { keys } from '@shared/db/keys';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { getCampaign, getTarget } from '../store/campaigns';
import { createCampaign, sendCampaign } from '../store/campaigns-workflow';
import { CLIENT, CO, GESTOR, T0 } from '../testing/fixtures';
import { portalFixture } from '../testing/portal-fixture';
import { handler } from './campaign-ticks';

let campaignId = '';
const { table, deps } = portalFixture({
  env: { APP_URL: 'https://app.cuadra.test' },
  // One campaign asking the bakery for purchase and sales invoices, sent.
  seed: async (f) => {
    const c = await createCampaign(
      f.deps,
      { userId: GESTOR, isAdmin: false },
      {
        name: 'Facturas 1T',
        period: '2026-Q1',
        dueDate: '2026-03-31',
        companyIds: [CO],
        items: [
          { kind: 'PURCHASE_INVOICES', minDocuments: 1 },
          { kind: 'SALES_INVOICES', minDocuments: 1 },
        ],
      },
    );
    campaignId = c.campaignId;
    await sendCampaign(f.deps, (await getCampaign(f.deps, campaignId))!);
  },
});

let seq = 0;
function record(
  eventName: 'INSERT' | 'MODIFY',
  image: Record<string, unknown>,
  old?: Record<string, unknown>,
) {
  return {
    eventID: `e${++seq}`,
    eventName,
    dynamodb: {
      SequenceNumber: String(seq).padStart(10, '0'),
      NewImage: marshall(image, { removeUndefinedValues: true, convertClassInstanceToMap: true }),
      ...(old ? { OldImage: marshall(old, { removeUndefinedValues: true }) } : {}),
    },
  };
}
const run = (...records: ReturnType<typeof record>[]) =>
  handler({ Records: records } as unknown as DynamoDBStreamEvent);

function document(over: Record<string, unknown> = {}) {
  const createdAt = new Date(T0.getTime() + 3_600_000).toISOString();
  return {
    ...keys.document(CO, '1773136800000abc'),
    entity: 'Document',
    documentId: '1773136800000abc',
    companyId: CO,
    documentType: 'INVOICE',
    status: 'OCR_PENDING',
    origin: 'CLIENT_UPLOAD',
    uploadedBy: CLIENT,
    categoryId: null,
    extraction: null,
    createdAt,
    updatedAt: createdAt,
    ...over,
  };
}

const statuses = async () => (await getTarget(deps, campaignId, CO))!.items.map((i) => i.status);

describe('campaign-ticks', () => {
  it('ticks on upload, re-evaluates on the reading, and a replay adds nothing', async () => {
    const uploaded = document();
    expect(await run(record('INSERT', uploaded))).toEqual({ batchItemFailures: [] });
    expect(await statuses()).toEqual(['RECEIVED', 'MISSING']);
    await run(record('INSERT', uploaded));
    expect((await getCampaign(deps, campaignId))!.itemsDone).toBe(1);
    const read = { ...uploaded, status: 'INVOICE_CREATED', extraction: { supplierNif: 'B12345678' } };
    await run(record('MODIFY', read, uploaded), record('MODIFY', read, uploaded));
    expect(await statuses()).toEqual(['MISSING', 'RECEIVED']);
    expect((await getCampaign(deps, campaignId))!).toMatchObject({ itemsDone: 1, completeCompanies: 0 });
  });

  it('skips a record without identity and retries a table failure', async () => {
    expect(await run(record('INSERT', { ...document(), documentId: undefined }))).toEqual({
      batchItemFailures: [],
    });
    table.failWhen((command) => (command === 'TransactWrite' ? new Error('DynamoDB down') : undefined));
    const res = await run(record('INSERT', document()));
    expect(res.batchItemFailures).toHaveLength(1);
    table.failWhen(() => undefined);
    await run(record('INSERT', document()));
    expect(await statuses()).toEqual(['RECEIVED', 'MISSING']);
  });
});
