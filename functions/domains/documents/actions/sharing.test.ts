/**
 * Document sharing through the real pipeline over the in-memory table (issue 21 item 2): the staff
 * share with the company's clients (validation: non-client ids, past expiry, foreign company), a
 * client sees only its own shares with the spec's filters, views always, downloads only with the
 * permission, never a revoked or expired share; sharing again updates the same share; approving
 * notifies the sharer; views and downloads are counted.
 */

import { createApiHandler } from '@functions/platform/http';
import { apiEvent, lambdaContext, readResponse } from '@functions/platform/testing/api-event';
import type { RouteId } from '@shared/api/routes';
import {
  type CompanySharesAnswer,
  SHARE_EXPIRED_MESSAGE,
  SHARE_VIEW_ONLY_MESSAGE,
  type ShareDocumentAnswer,
  type SharedDocument,
  type SharedDocumentPage,
} from '@shared/schemas/sharing';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { beforeEach, describe, expect, it } from 'vitest';
import { documentsActions } from '../handler';
import { documentItem } from '../store/documents';
import { revokeDocumentShares } from '../store/shares';
import { COMPANY, documentsHarness, T0 } from '../testing/documents-harness';
import { storedDoc } from '../testing/review-fixtures';

const h = documentsHarness();
const handler = createApiHandler('documents', documentsActions, () => h.deps);

const GESTOR = 'u-gestor';
const CLIENT = 'u-client';
const CLIENT2 = 'u-client2';
const MEMBER = 'u-member';
const OTHER_CO = 'co-other';
const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34]);

const GROUPS: Record<string, string> = { [GESTOR]: 'GESTOR', [MEMBER]: 'GESTOR' };

async function raw(
  user: string,
  routeId: RouteId,
  opts: {
    company?: string;
    params?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
  } = {},
) {
  return (await handler(
    apiEvent({
      routeId,
      params: opts.params,
      query: opts.query,
      body: opts.body,
      claims: { sub: user, groups: [GROUPS[user] ?? 'CLIENTE'] },
      headers: { 'x-company-id': opts.company ?? COMPANY },
    }),
    lambdaContext(),
  )) as APIGatewayProxyResult;
}

const call = async <T>(user: string, routeId: RouteId, opts: Parameters<typeof raw>[2] = {}) =>
  readResponse<T>(await raw(user, routeId, opts));

const share = (body: Record<string, unknown>, documentId = 'd1', user = GESTOR) =>
  call<ShareDocumentAnswer>(user, 'sharedDocuments.share', {
    params: { companyId: COMPANY, documentId },
    body,
  });

const clientList = (user = CLIENT, query: Record<string, string> = {}) =>
  call<SharedDocumentPage>(user, 'clientShared.list', { query });

function putDoc(documentId: string, over: Parameters<typeof storedDoc>[1] = {}) {
  const doc = storedDoc(documentId, {
    fileName: `${documentId}.pdf`,
    s3Key: `incoming/${COMPANY}/${documentId}/${documentId}.pdf`,
    documentType: 'TAX',
    status: 'COMPLETED',
    review: { ...storedDoc(documentId).review, status: 'NOT_REQUIRED' },
    ...over,
  });
  h.table.put(documentItem(doc));
  h.bucket.set(doc.s3Key, { bytes: PDF, contentType: 'application/pdf', metadata: {} });
  return doc;
}

const notificationsOf = (userId: string) =>
  h.table.all('Notification').filter((n) => n.userId === userId) as unknown as {
    type: string;
    title: string;
    message: string;
    link: string;
  }[];

beforeEach(() => {
  h.reset();
  h.putMember(GESTOR, 'GESTOR');
  h.putMember(MEMBER, 'MEMBER');
  h.putMember(CLIENT, 'CLIENTE');
  h.putMember(CLIENT2, 'CLIENTE');
  putDoc('d1');
  putDoc('d2', { documentType: 'INVOICE', fileName: 'Factura Enero.pdf' });
});

describe('sharedDocuments.share', () => {
  it('shares with each client in one go, notifies them and answers the shares', async () => {
    const res = await share({ clientIds: [CLIENT, CLIENT2], permissions: { download: false } });
    expect(res.status).toBe(201);
    expect(res.envelope.data?.created).toBe(2);
    const shares = res.envelope.data?.shares ?? [];
    expect(shares.map((s) => s.clientId).sort()).toEqual([CLIENT, CLIENT2]);
    expect(shares[0]).toMatchObject({
      documentId: 'd1',
      name: 'd1.pdf',
      type: 'TAX',
      status: 'ACTIVE',
      permissions: { view: true, download: false },
      sharedByName: `${GESTOR} Test`,
      requiresApproval: false,
      approval: null,
    });
    expect(shares[0]!.id).toMatch(/^\d{13}/);
    const [n] = notificationsOf(CLIENT);
    expect(n).toMatchObject({ type: 'document_shared', title: 'Documento compartido' });
    expect(n!.message).toContain('"d1.pdf" (solo consulta)');
    expect(n!.link).toContain('/app/my-documents?shared=');
    expect(notificationsOf(CLIENT2)).toHaveLength(1);
  });

  it('refuses ids that are not active clients of the company, with the ids, and writes nothing', async () => {
    const res = await share({ clientIds: [CLIENT, MEMBER, 'u-nobody'] });
    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'clientIds' });
    expect(res.envelope.error?.details).toEqual({ invalidClientIds: [MEMBER, 'u-nobody'] });
    expect(h.table.all('DocumentShare')).toHaveLength(0);
    expect(notificationsOf(CLIENT)).toHaveLength(0);
  });

  it('refuses a past expiry, a missing document, a confidential one, and a client caller', async () => {
    const past = await share({ clientIds: [CLIENT], expiresAt: '2026-03-01T00:00:00.000Z' });
    expect(past.envelope.error).toMatchObject({ code: 'CORE_004', field: 'expiresAt' });
    const missing = await share({ clientIds: [CLIENT] }, 'd-missing');
    expect(missing.status).toBe(404);
    putDoc('d3', { isConfidential: true });
    expect((await share({ clientIds: [CLIENT] }, 'd3')).status).toBe(409);
    expect((await share({ clientIds: [CLIENT2] }, 'd1', CLIENT)).status).toBe(403);
    expect(h.table.all('DocumentShare')).toHaveLength(0);
  });

  it('refuses a company the caller does not belong to (403)', async () => {
    h.putCompany(OTHER_CO);
    const res = await call(GESTOR, 'sharedDocuments.share', {
      company: OTHER_CO,
      params: { companyId: OTHER_CO, documentId: 'd1' },
      body: { clientIds: [CLIENT] },
    });
    expect(res.status).toBe(403);
    expect(res.envelope.error?.code).toBe('CORE_003');
  });

  it('sharing again updates the same share (permissions, expiry, active again after a revoke)', async () => {
    const first = (await share({ clientIds: [CLIENT] })).envelope.data!.shares[0]!;
    const revoked = await call<SharedDocument>(GESTOR, 'sharedDocuments.revoke', {
      params: { companyId: COMPANY, shareId: first.id },
    });
    expect(revoked.envelope.data?.status).toBe('REVOKED');
    h.advance(60_000);
    const again = await share({
      clientIds: [CLIENT],
      permissions: { download: true },
      expiresAt: '2026-04-01T00:00:00.000Z',
    });
    expect(again.envelope.data).toMatchObject({ created: 0, updated: 1 });
    const s = again.envelope.data!.shares[0]!;
    expect(s).toMatchObject({
      id: first.id,
      status: 'ACTIVE',
      permissions: { download: true },
      expiresAt: '2026-04-01T00:00:00.000Z',
    });
    expect(h.table.all('DocumentShare')).toHaveLength(1);
    const byDoc = await call<SharedDocument[]>(GESTOR, 'sharedDocuments.listByDocument', {
      params: { companyId: COMPANY, documentId: 'd1' },
    });
    expect(byDoc.envelope.data?.map((x) => x.id)).toEqual([first.id]);
  });
});

describe('the client side', () => {
  it('a client lists only its own shares, with the filters', async () => {
    await share({ clientIds: [CLIENT] }, 'd1');
    h.advance(1000);
    await share({ clientIds: [CLIENT, CLIENT2], requiresApproval: true }, 'd2');
    const mine = (await clientList()).envelope.data!;
    expect(mine.content.map((s) => s.documentId)).toEqual(['d2', 'd1']);
    expect(mine.content.every((s) => s.clientId === CLIENT)).toBe(true);
    const other = (await clientList(CLIENT2)).envelope.data!;
    expect(other.content.map((s) => s.documentId)).toEqual(['d2']);
    expect((await clientList(CLIENT, { requiresApproval: 'true' })).envelope.data?.totalElements).toBe(1);
    expect((await clientList(CLIENT, { documentType: 'TAX' })).envelope.data?.content[0]?.documentId).toBe(
      'd1',
    );
    expect(
      (await clientList(CLIENT, { search: 'factura enero' })).envelope.data?.content[0]?.documentId,
    ).toBe('d2');
    expect((await clientList(CLIENT, { dateFrom: '2026-03-11' })).envelope.data?.totalElements).toBe(0);
    expect(
      (await clientList(CLIENT, { dateFrom: '2026-03-10', dateTo: '2026-03-10' })).envelope.data
        ?.totalElements,
    ).toBe(2);
    // Staff get no client list of their own: nothing was shared with them.
    expect((await clientList(GESTOR)).envelope.data?.totalElements).toBe(0);
  });

  it('views always; downloads only with the permission; counts both', async () => {
    const viewOnly = (await share({ clientIds: [CLIENT] })).envelope.data!.shares[0]!;
    const view = await raw(CLIENT, 'clientShared.view', { params: { shareId: viewOnly.id } });
    expect(view.statusCode).toBe(200);
    expect(view.headers?.['content-type']).toBe('application/pdf');
    expect(new Uint8Array(Buffer.from(view.body, 'base64'))).toEqual(PDF);
    const refused = readResponse(
      await raw(CLIENT, 'clientShared.download', { params: { shareId: viewOnly.id } }),
    );
    expect(refused.status).toBe(403);
    expect(refused.envelope.error?.message).toBe(SHARE_VIEW_ONLY_MESSAGE);

    await share({ clientIds: [CLIENT], permissions: { download: true } });
    const dl = await raw(CLIENT, 'clientShared.download', { params: { shareId: viewOnly.id } });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers?.['content-disposition']).toBe('attachment; filename="d1.pdf"');
    expect(new Uint8Array(Buffer.from(dl.body, 'base64'))).toEqual(PDF);
    const [stored] = h.table.all('DocumentShare') as unknown as {
      viewCount: number;
      downloadCount: number;
      lastViewedAt: string;
    }[];
    expect(stored).toMatchObject({ viewCount: 1, downloadCount: 1, lastViewedAt: T0.toISOString() });
  });

  it("another client's share, a revoked one and another company's do not exist; an expired one is refused", async () => {
    const s = (await share({ clientIds: [CLIENT], expiresAt: '2026-03-11T00:00:00.000Z' })).envelope.data!
      .shares[0]!;
    expect((await raw(CLIENT2, 'clientShared.view', { params: { shareId: s.id } })).statusCode).toBe(404);
    h.putCompany(OTHER_CO);
    h.putMember(CLIENT, 'CLIENTE', OTHER_CO);
    expect(
      (await raw(CLIENT, 'clientShared.view', { company: OTHER_CO, params: { shareId: s.id } })).statusCode,
    ).toBe(404);

    h.advance(86_400_000);
    const expired = readResponse(await raw(CLIENT, 'clientShared.view', { params: { shareId: s.id } }));
    expect(expired.status).toBe(403);
    expect(expired.envelope.error?.message).toBe(SHARE_EXPIRED_MESSAGE);
    expect((await clientList(CLIENT, { status: 'EXPIRED' })).envelope.data?.totalElements).toBe(1);

    await call(GESTOR, 'sharedDocuments.revoke', { params: { companyId: COMPANY, shareId: s.id } });
    expect((await raw(CLIENT, 'clientShared.view', { params: { shareId: s.id } })).statusCode).toBe(404);
    expect((await clientList()).envelope.data?.totalElements).toBe(0);
  });

  it('approves with comments once, notifying the sharer', async () => {
    const s = (await share({ clientIds: [CLIENT], requiresApproval: true })).envelope.data!.shares[0]!;
    expect(s.approval).toEqual({ status: 'PENDING', comments: null, approvedAt: null });
    const other = await call(CLIENT2, 'clientShared.approve', {
      params: { shareId: s.id },
      body: { approved: true },
    });
    expect(other.status).toBe(404);
    const res = await call<SharedDocument>(CLIENT, 'clientShared.approve', {
      params: { shareId: s.id },
      body: { approved: true, comments: 'Conforme' },
    });
    expect(res.envelope.data?.approval).toEqual({
      status: 'APPROVED',
      comments: 'Conforme',
      approvedAt: T0.toISOString(),
    });
    const [n] = notificationsOf(GESTOR);
    expect(n).toMatchObject({ type: 'document_share_approved', title: 'Documento aprobado' });
    expect(n!.message).toBe(`${CLIENT} Test ha aprobado "d1.pdf". Comentarios: Conforme`);
    const twice = await call(CLIENT, 'clientShared.approve', {
      params: { shareId: s.id },
      body: { approved: false },
    });
    expect(twice.status).toBe(409);
    const noApproval = (await share({ clientIds: [CLIENT2] })).envelope.data!.shares[0]!;
    expect(
      (
        await call(CLIENT2, 'clientShared.approve', {
          params: { shareId: noApproval.id },
          body: { approved: true },
        })
      ).status,
    ).toBe(409);
  });
});

describe('sharedDocuments.listByCompany', () => {
  it('lists the shares newest first with the clients one can share with; staff only', async () => {
    await share({ clientIds: [CLIENT] }, 'd1');
    h.advance(1000);
    await share({ clientIds: [CLIENT2] }, 'd2');
    const res = await call<CompanySharesAnswer>(GESTOR, 'sharedDocuments.listByCompany', {
      params: { companyId: COMPANY },
    });
    expect(res.envelope.data?.content.map((s) => s.documentId)).toEqual(['d2', 'd1']);
    expect(res.envelope.data?.clients.map((c) => c.userId).sort()).toEqual([CLIENT, CLIENT2]);
    const filtered = await call<CompanySharesAnswer>(GESTOR, 'sharedDocuments.listByCompany', {
      params: { companyId: COMPANY },
      query: { clientId: CLIENT },
    });
    expect(filtered.envelope.data?.content.map((s) => s.clientId)).toEqual([CLIENT]);
    const asClient = await call(CLIENT, 'sharedDocuments.listByCompany', { params: { companyId: COMPANY } });
    expect(asClient.status).toBe(403);
  });
});

describe('revokeDocumentShares (a deleted document)', () => {
  it('revokes every active share of the document and leaves the others', async () => {
    await share({ clientIds: [CLIENT, CLIENT2] }, 'd1');
    await share({ clientIds: [CLIENT] }, 'd2');
    expect(await revokeDocumentShares(h.deps, COMPANY, 'd1', GESTOR)).toBe(2);
    expect(await revokeDocumentShares(h.deps, COMPANY, 'd1', GESTOR)).toBe(0);
    expect((await clientList()).envelope.data?.content.map((s) => s.documentId)).toEqual(['d2']);
    expect((await clientList(CLIENT2)).envelope.data?.totalElements).toBe(0);
  });

  it('a rejection tells the sharer, with a warning', async () => {
    const s = (await share({ clientIds: [CLIENT], requiresApproval: true })).envelope.data!.shares[0]!;
    const res = await call<SharedDocument>(CLIENT, 'clientShared.approve', {
      params: { shareId: s.id },
      body: { approved: false, comments: 'Falta la página 2' },
    });
    expect(res.envelope.data?.approval?.status).toBe('REJECTED');
    const [n] = notificationsOf(GESTOR);
    expect(n).toMatchObject({ type: 'document_share_approved', title: 'Documento no aprobado' });
    expect(n!.link).toBe(`/app/companies/${COMPANY}/documents?document=d1`);
  });
});
