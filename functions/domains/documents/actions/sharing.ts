/**
 * Document sharing (issue 21 item 2; spec part 3 §7 'Client portal and document sharing'): the
 * staff share a company document with its clients, list and revoke the shares
 * (`sharedDocuments.*`, policy documents.review); a client lists what was shared with it, views it,
 * downloads it when allowed and approves it (`clientShared.*`, policy member, and only the caller's
 * own shares: another client's share, or one of another company, does not exist for it).
 */

import { isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import { type ActionsOf, binaryResponse, defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import {
  ApproveShareBody,
  ClientSharedListQuery,
  type CompanySharesAnswer,
  CompanySharesQuery,
  SHARE_NOT_FOUND_MESSAGE,
  type ShareDocumentAnswer,
  ShareDocumentBody,
  ShareDocumentPath,
  type SharedDocument,
  type SharedDocumentPage,
  SharePath,
} from '@shared/schemas/sharing';
import { assertOpenable, filterClientShares, pageOfShares, toSharedDocument } from '../model/sharing';
import type { DocumentsDeps } from '../store/deps';
import { getDocument } from '../store/documents';
import { declaredTypeOf } from '../store/intake';
import {
  approveShare,
  getShare,
  recordAccess,
  revokeShare,
  shareClients,
  shareDocument,
  sharesOfClient,
  sharesOfCompany,
  sharesOfDocument,
} from '../store/shares';

const share = defineCompanyAction({
  params: ShareDocumentPath,
  body: ShareDocumentBody,
  status: 201,
  run: async ({ auth, scope, params, body }, deps: DocumentsDeps): Promise<ShareDocumentAnswer> => {
    const { shares, created } = await shareDocument(deps, {
      companyId: scope.companyId,
      documentId: params.documentId,
      sharedBy: auth.userId,
      body,
    });
    const now = deps.now();
    return {
      shares: shares.map((s) => toSharedDocument(s, now)),
      created,
      updated: shares.length - created,
    };
  },
});

const listByDocument = defineCompanyAction({
  params: ShareDocumentPath,
  run: async ({ scope, params }, deps: DocumentsDeps): Promise<SharedDocument[]> => {
    const now = deps.now();
    return (await sharesOfDocument(deps, scope.companyId, params.documentId))
      .map((s) => toSharedDocument(s, now))
      .sort((a, b) => b.sharedAt.localeCompare(a.sharedAt));
  },
});

const listByCompany = defineCompanyAction({
  query: CompanySharesQuery,
  run: async ({ scope, query }, deps: DocumentsDeps): Promise<CompanySharesAnswer> => {
    const now = deps.now();
    const [shares, clients] = await Promise.all([
      sharesOfCompany(deps, scope.companyId),
      shareClients(deps, scope.companyId),
    ]);
    const rows = shares
      .map((s) => toSharedDocument(s, now))
      .filter(
        (s) =>
          (!query.status || s.status === query.status) &&
          (!query.clientId || s.clientId === query.clientId) &&
          (!query.documentId || s.documentId === query.documentId),
      );
    return { ...pageOfShares(rows, query.page, query.size), clients };
  },
});

const revoke = defineCompanyAction({
  params: SharePath,
  run: async ({ auth, scope, params }, deps: DocumentsDeps): Promise<SharedDocument> =>
    toSharedDocument(await revokeShare(deps, scope.companyId, params.shareId, auth.userId), deps.now()),
});

const clientList = defineCompanyAction({
  query: ClientSharedListQuery,
  run: async ({ auth, scope, query }, deps: DocumentsDeps): Promise<SharedDocumentPage> => {
    const now = deps.now();
    const { page, size, sort: _sort, ...filters } = query;
    if (filters.dateFrom && filters.dateTo && filters.dateFrom > filters.dateTo)
      throw new AppError('CORE_004', 'La fecha inicial no puede ser posterior a la final.', {
        field: 'dateFrom',
      });
    const rows = (await sharesOfClient(deps, scope.companyId, auth.userId)).map((s) =>
      toSharedDocument(s, now),
    );
    return pageOfShares(filterClientShares(rows, filters), page, size);
  },
});

const clientApprove = defineCompanyAction({
  params: SharePath,
  body: ApproveShareBody,
  run: async ({ auth, scope, params, body }, deps: DocumentsDeps): Promise<SharedDocument> =>
    toSharedDocument(
      await approveShare(deps, {
        companyId: scope.companyId,
        shareId: params.shareId,
        clientId: auth.userId,
        body,
      }),
      deps.now(),
    ),
});

/** The stored bytes of a share the caller may open, counted on the share. */
async function openShared(
  deps: DocumentsDeps,
  input: { companyId: string; shareId: string; userId: string; mode: 'view' | 'download' },
) {
  const s = assertOpenable(
    await getShare(deps, input.companyId, input.shareId),
    input.userId,
    input.mode,
    deps.now(),
  );
  const doc = await getDocument(deps, input.companyId, s.documentId);
  const bytes =
    !doc || doc.status === 'FAILED' || doc.status === 'UPLOADING' ? null : await deps.objects.get(doc.s3Key);
  if (!doc || !bytes)
    throw new AppError('CORE_006', 'El archivo de este documento no está disponible.', { field: 'shareId' });
  try {
    await recordAccess(deps, s, input.mode);
  } catch (e) {
    // Revoked between the read and now: it no longer exists for the client.
    if (isConditionalCheckFailed(e))
      throw new AppError('CORE_006', SHARE_NOT_FOUND_MESSAGE, { field: 'shareId' });
    throw e;
  }
  return binaryResponse({
    body: bytes,
    contentType: doc.contentType ?? declaredTypeOf(doc.fileName),
    ...(input.mode === 'download' ? { filename: doc.fileName } : {}),
  });
}

const clientView = defineCompanyAction({
  params: SharePath,
  run: ({ auth, scope, params }, deps: DocumentsDeps) =>
    openShared(deps, {
      companyId: scope.companyId,
      shareId: params.shareId,
      userId: auth.userId,
      mode: 'view',
    }),
});

const clientDownload = defineCompanyAction({
  params: SharePath,
  run: ({ auth, scope, params }, deps: DocumentsDeps) =>
    openShared(deps, {
      companyId: scope.companyId,
      shareId: params.shareId,
      userId: auth.userId,
      mode: 'download',
    }),
});

export const sharingActions: Pick<
  ActionsOf<'documents', DocumentsDeps>,
  | 'sharedDocuments.share'
  | 'sharedDocuments.listByDocument'
  | 'sharedDocuments.listByCompany'
  | 'sharedDocuments.revoke'
  | 'clientShared.list'
  | 'clientShared.approve'
  | 'clientShared.view'
  | 'clientShared.download'
> = {
  'sharedDocuments.share': share,
  'sharedDocuments.listByDocument': listByDocument,
  'sharedDocuments.listByCompany': listByCompany,
  'sharedDocuments.revoke': revoke,
  'clientShared.list': clientList,
  'clientShared.approve': clientApprove,
  'clientShared.view': clientView,
  'clientShared.download': clientDownload,
};
