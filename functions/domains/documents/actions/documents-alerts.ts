/**
 * GET /documents/alerts?limit=10 (spec part 3 "Document alert"; §7 "Document alerts (limit default
 * 10; the widget asks for 5)"): the latest thing that happened to each of the company's documents,
 * newest first. A client (CLIENTE) sees only the alerts of its own uploads; `category` is the name
 * of the document's category, as the widget shows it.
 */

import type { AuthContext } from '@functions/platform/auth-context';
import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import * as z from 'zod';
import type { DocumentAlert } from '../model/alerts';
import { visibleTo } from '../model/listing';
import { listCategories } from '../store/categories';
import type { DocumentsDeps } from '../store/deps';
import { listDocumentAlerts } from '../store/notify';

export const MAX_DOCUMENT_ALERTS = 50;

export const DocumentAlertsQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_DOCUMENT_ALERTS, { message: `No se pueden pedir más de ${MAX_DOCUMENT_ALERTS} alertas.` })
    .default(10),
});
export type DocumentAlertsQuery = z.infer<typeof DocumentAlertsQuery>;

export async function documentsAlerts(
  deps: Pick<DocumentsDeps, 'db' | 'table'>,
  input: { auth: AuthContext; scope: CompanyScope; query: DocumentAlertsQuery },
): Promise<DocumentAlert[]> {
  const { auth, scope } = input;
  const alerts = await listDocumentAlerts(deps, scope.companyId, input.query.limit, (d) =>
    visibleTo(d, auth, scope),
  );
  if (!alerts.some((a) => a.category)) return alerts;
  const names = new Map(
    (await listCategories(deps, scope.companyId)).map((c) => [c.categoryId, c.name] as const),
  );
  // A category deleted since the document was filed is no longer named.
  return alerts.map((a) => ({ ...a, category: a.category ? (names.get(a.category) ?? null) : null }));
}

export const documentsAlertsRoute = defineCompanyAction({
  query: DocumentAlertsQuery,
  run: ({ auth, scope, query }, deps: DocumentsDeps) => documentsAlerts(deps, { auth, scope, query }),
});
