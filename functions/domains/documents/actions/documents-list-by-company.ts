import { defineCompanyAction } from '@functions/platform/http';
import { DocumentListQuery } from '@shared/schemas/documents';
import * as z from 'zod';
import type { DocumentsDeps } from '../store/deps';
import { listDocuments } from './documents-list';

/** GET /companies/{companyId}/documents: the same list, the company named by the path. */
export const documentsListByCompanyRoute = defineCompanyAction({
  params: z.object({ companyId: z.string() }),
  query: DocumentListQuery,
  run: ({ auth, scope, query }, deps: DocumentsDeps) => listDocuments(deps, { auth, scope, query }),
});
