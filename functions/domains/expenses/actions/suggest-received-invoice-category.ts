import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { type Supplier, supplierTaxIdKey } from '@shared/schemas/expenses';
import { type CategorySuggestion, SuggestCategoryQuery } from '@shared/schemas/received-invoice-draft';
import { supplierTaxIdFromNif } from '../model/draft-from-extraction';
import { getCategory } from '../store/categories';
import type { ExpensesDeps } from '../store/deps';
import { getLearnedCategory, supplierCategoryHistory } from '../store/drafts';
import { getSupplier, getSupplierByTaxIdKey } from '../store/suppliers';

/** A category just learned is what the supplier's next invoice goes to, short of a person's word. */
const LEARNED_CONFIDENCE = 0.9;
/** The supplier's default category, set by hand but never confirmed by an invoice. */
const DEFAULT_CONFIDENCE = 0.6;

const NONE: CategorySuggestion = { categoryId: null, categoryName: null, basis: null, confidence: 0 };

/**
 * The expense category for a supplier's next invoice (issue 17 item 3, learned per supplier): the
 * one last assigned to its invoices (SUPPLIER_HISTORY), else its default category
 * (SUPPLIER_DEFAULT), else none. A category deleted since is never suggested.
 */
export async function suggestCategoryFor(
  deps: ExpensesDeps,
  companyId: string,
  taxIdKey: string,
  supplier: Supplier | undefined,
): Promise<CategorySuggestion> {
  const active = async (categoryId: string | undefined) => {
    if (!categoryId) return undefined;
    const c = await getCategory(deps, companyId, categoryId);
    return c?.isActive ? c : undefined;
  };
  const learned = await getLearnedCategory(deps, companyId, taxIdKey);
  const learnedCategory = await active(learned?.categoryId);
  if (learnedCategory) {
    return {
      categoryId: learnedCategory.categoryId,
      categoryName: learnedCategory.name,
      basis: 'SUPPLIER_HISTORY',
      confidence: LEARNED_CONFIDENCE,
    };
  }
  const history = await supplierCategoryHistory(deps, companyId, taxIdKey);
  const historyCategory = await active(history?.latest);
  if (history && historyCategory) {
    return {
      categoryId: historyCategory.categoryId,
      categoryName: historyCategory.name,
      basis: 'SUPPLIER_HISTORY',
      confidence: Math.round((history.agreeing / history.categorised) * 100) / 100,
    };
  }
  const defaultCategory = await active(supplier?.defaultExpenseCategoryId);
  if (defaultCategory) {
    return {
      categoryId: defaultCategory.categoryId,
      categoryName: defaultCategory.name,
      basis: 'SUPPLIER_DEFAULT',
      confidence: DEFAULT_CONFIDENCE,
    };
  }
  return NONE;
}

/** GET /received-invoices/suggest-category?supplierTaxId= | supplierId= */
export async function suggestReceivedInvoiceCategory(
  input: { companyId: string; query: SuggestCategoryQuery },
  deps: ExpensesDeps,
): Promise<CategorySuggestion> {
  const { companyId, query } = input;
  if (query.supplierId) {
    const supplier = await getSupplier(deps, companyId, query.supplierId);
    if (!supplier) throw new AppError('CORE_006', 'El proveedor no existe en la empresa.');
    return suggestCategoryFor(deps, companyId, supplierTaxIdKey(supplier.taxId), supplier);
  }
  const taxId = supplierTaxIdFromNif(query.supplierTaxId ?? null);
  if (!taxId) {
    throw new AppError('CORE_004', 'El NIF del proveedor no es válido.', { field: 'supplierTaxId' });
  }
  const key = supplierTaxIdKey(taxId);
  return suggestCategoryFor(deps, companyId, key, await getSupplierByTaxIdKey(deps, companyId, key));
}

export const suggestReceivedInvoiceCategoryRoute = defineCompanyAction({
  query: SuggestCategoryQuery,
  run: ({ scope, query }, deps: ExpensesDeps) => {
    return suggestReceivedInvoiceCategory({ companyId: scope.companyId, query }, deps);
  },
});
