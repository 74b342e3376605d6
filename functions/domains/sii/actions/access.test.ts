import { type RouteId, routeIds, routes } from '@shared/api/routes';
import { describe, expect, it } from 'vitest';
import {
  type Caller,
  CLIENT_PLAIN,
  CLIENT_TAX,
  COMPANY,
  entry,
  GESTOR,
  MEMBER,
  OWNER,
  STRANGER,
  siiApiHarness,
  submission,
} from '../testing/api-harness';

const h = siiApiHarness();

const siiRoutes = routeIds.filter((id) => routes[id].domain === 'sii');

/** A well-formed call of each route (the AEAT calls are refused before any request leaves). */
const requests: Record<
  string,
  { params?: Record<string, string>; query?: Record<string, string>; body?: unknown }
> = {
  'sii.getConfig': { params: { companyId: COMPANY } },
  'sii.updateConfig': { params: { companyId: COMPANY }, body: { submissionMode: 'AUTOMATIC' } },
  'sii.testConnection': { params: { companyId: COMPANY } },
  'sii.listSubmissions': {},
  'sii.getSubmission': { params: { submissionId: '20270316T100000000Z-a' } },
  'sii.submissionDetails': { params: { submissionId: '20270316T100000000Z-a' } },
  'sii.submitInvoice': { body: { invoiceId: 'inv-1' } },
  'sii.bulkSubmit': { body: {} },
  'sii.statistics': {},
  'sii.byBook': { params: { book: 'FE' }, query: { year: '2027' } },
  'sii.queryBook': { params: { book: 'FE' }, body: { year: 2027, period: '03' } },
  'sii.getEntry': { params: { book: 'FE', documentId: 'inv-1' } },
  'sii.retryEntry': { params: { book: 'FE', documentId: 'inv-1' }, body: {} },
  'sii.invoiceStatus': { params: { invoiceId: 'inv-1' } },
  'sii.sync': { params: { year: '2027' } },
};

async function statusOf(user: Caller, routeId: RouteId): Promise<number> {
  await h.putEntry(entry('inv-1', 'REJECTED'));
  await h.putSubmission(submission('20270316T100000000Z-a'));
  return (await h.call(user, { routeId, ...requests[routeId] })).status;
}

describe('who may call the SII routes (the pipeline, shared/api/access.ts)', () => {
  it('has a request for every SII route', () => {
    expect(Object.keys(requests).sort()).toEqual([...siiRoutes].sort());
  });

  it('reads need tax.read (a CLIENTE with VIEW_TAX_DOCUMENTS), writes tax.write (owner and gestor)', () => {
    for (const id of siiRoutes)
      expect(routes[id].access, id).toBe(routes[id].method === 'GET' ? 'tax.read' : 'tax.write');
  });

  it('refuses everything to a CLIENTE without VIEW_TAX_DOCUMENTS and to a non-member', async () => {
    for (const id of siiRoutes) {
      expect(await statusOf(CLIENT_PLAIN, id), id).toBe(403);
      expect(await statusOf(STRANGER, id), id).toBe(403);
    }
  });

  it('lets a CLIENTE with VIEW_TAX_DOCUMENTS and a MEMBER read, never write', async () => {
    for (const user of [CLIENT_TAX, MEMBER]) {
      for (const id of siiRoutes) {
        const status = await statusOf(user, id);
        if (routes[id].method === 'GET') expect(status, `${user.userId} ${id}`).toBe(200);
        else expect(status, `${user.userId} ${id}`).toBe(403);
      }
    }
    expect(h.stored(COMPANY, 'FE', 'inv-1')?.status).toBe('REJECTED');
  });

  it('lets the owner and the gestor write (no 403; the answer depends on the data)', async () => {
    for (const user of [OWNER, GESTOR])
      for (const id of siiRoutes) expect(await statusOf(user, id), `${user.userId} ${id}`).not.toBe(403);
  });
});
