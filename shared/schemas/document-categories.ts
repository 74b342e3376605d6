/**
 * Contracts of the document categories (issue 17 item 5; spec part 3 §7 "Document categories: CRUD,
 * status toggle, classify, search (max 5 results), stats, suggestions, import defaults, export,
 * import, optimize, recommendations"; part 3 "Document category config: text and documentType
 * (RECEIPT default)"). A category sorts the documents a company receives (Suministros, Alquiler...)
 * and may point at the expense category its invoices are booked under.
 */

import * as z from 'zod';
import { Id } from './common';
import { DOCUMENT_TYPES, type DocumentType } from './documents';
import { safeMultiline, safeText } from './text';

/** At most this many results from the category search (spec: "search (max 5 results)"). */
export const MAX_CATEGORY_SEARCH_RESULTS = 5;
export const MAX_CATEGORY_KEYWORDS = 50;
/** Categories unused for this long are deactivated by optimize. */
export const CATEGORY_IDLE_MONTHS = 12;

export interface DocumentCategory {
  categoryId: string;
  companyId: string;
  name: string;
  description: string | null;
  /** The document type the category is meant for (spec: RECEIPT by default). */
  documentType: DocumentType;
  /** Lower-case words looked for in a document's text, file name and supplier (classify). */
  keywords: string[];
  /** `#rrggbb`, shown as the tag colour. */
  color: string;
  active: boolean;
  /** The expense category its invoices are booked under, if linked. */
  expenseCategoryId: string | null;
  /** Documents ever filed under it (kept in the same write that files one). */
  usageCount: number;
  /** When a document was last filed under it (optimize deactivates the idle ones). */
  lastUsedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Names are unique per company, compared without case, accents or repeated spaces. */
export const documentCategoryNameKey = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** Keywords are kept folded (lower case, no accents) and without repeats. */
export const normalizeKeywords = (words: readonly string[]): string[] => [
  ...new Set(words.map(documentCategoryNameKey).filter((w) => w.length > 0)),
];

const Name = safeText()
  .trim()
  .min(1, { message: 'El nombre de la categoría es obligatorio.' })
  .max(80, { message: 'El nombre no puede superar 80 caracteres.' });
const Keywords = z
  .array(safeText().trim().min(1).max(60))
  .max(MAX_CATEGORY_KEYWORDS, { message: `Como máximo ${MAX_CATEGORY_KEYWORDS} palabras clave.` })
  .transform(normalizeKeywords);
const Color = z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: 'El color debe tener el formato #rrggbb.' });

/** The editable fields of a category, as created, imported or exported. */
export const DocumentCategoryFields = z.object({
  name: Name,
  description: safeMultiline().max(500).nullable().optional(),
  documentType: z.enum(DOCUMENT_TYPES).default('RECEIPT'),
  keywords: Keywords.default([]),
  color: Color.default('#8c8c8c'),
  active: z.boolean().default(true),
  expenseCategoryId: Id.nullable().optional(),
});

export const CreateDocumentCategoryBody = DocumentCategoryFields.strict();
export type CreateDocumentCategoryBody = z.infer<typeof CreateDocumentCategoryBody>;

export const UpdateDocumentCategoryBody = z
  .object({
    name: Name.optional(),
    description: safeMultiline().max(500).nullable().optional(),
    documentType: z.enum(DOCUMENT_TYPES).optional(),
    keywords: Keywords.optional(),
    color: Color.optional(),
    active: z.boolean().optional(),
    expenseCategoryId: Id.nullable().optional(),
  })
  .strict();
export type UpdateDocumentCategoryBody = z.infer<typeof UpdateDocumentCategoryBody>;

export const SetCategoryStatusBody = z.object({ active: z.boolean() }).strict();
export type SetCategoryStatusBody = z.infer<typeof SetCategoryStatusBody>;

export const CategoryPath = z.object({ categoryId: Id });

export const CategoryListQuery = z.object({
  active: z.enum(['true', 'false']).optional(),
  documentType: z.enum(DOCUMENT_TYPES).optional(),
});
export type CategoryListQuery = z.infer<typeof CategoryListQuery>;

export const CategorySearchQuery = z.object({
  q: safeText().trim().min(1, { message: 'Escribe qué buscar.' }).max(100),
  limit: z.coerce.number().int().min(1).max(MAX_CATEGORY_SEARCH_RESULTS).default(MAX_CATEGORY_SEARCH_RESULTS),
});
export type CategorySearchQuery = z.infer<typeof CategorySearchQuery>;

/** POST /document-categories/classify: what is known of a document (at least one of the texts). */
export const ClassifyDocumentBody = z
  .object({
    text: safeMultiline().max(20_000).optional(),
    fileName: safeText().max(200).optional(),
    supplierName: safeText().max(200).optional(),
    supplierNif: safeText()
      .max(20)
      .transform((s) => s.toUpperCase().replace(/[\s.-]/g, ''))
      .optional(),
    documentType: z.enum(DOCUMENT_TYPES).optional(),
  })
  .strict()
  // U+FFFD is what a transport leaves of bytes that were not UTF-8: such a body was not text.
  .refine((b) => ![b.text, b.fileName, b.supplierName, b.supplierNif].some((v) => v?.includes('\uFFFD')), {
    message: 'El texto no es UTF-8 válido.',
    path: ['text'],
  })
  .refine((b) => Boolean(b.text || b.fileName || b.supplierName || b.supplierNif), {
    message: 'Indica el texto, el nombre del archivo o el proveedor del documento.',
  });
export type ClassifyDocumentBody = z.infer<typeof ClassifyDocumentBody>;

/** GET /document-categories/suggestions?documentId=...: the ranked categories for one document. */
export const CategorySuggestionsQuery = z.object({
  documentId: Id,
  limit: z.coerce.number().int().min(1).max(10).default(3),
});
export type CategorySuggestionsQuery = z.infer<typeof CategorySuggestionsQuery>;

/** Why a category was suggested. */
export type SuggestionReason = 'KEYWORD' | 'SUPPLIER_HISTORY' | 'NAME' | 'DOCUMENT_TYPE';

export interface CategorySuggestion {
  categoryId: string;
  name: string;
  /** 0..1, the ranking score. */
  score: number;
  reasons: SuggestionReason[];
  /** The keywords found. */
  matchedKeywords: string[];
}

export interface CategoryStats {
  categoryId: string | null;
  /** Null for the uncategorised documents. */
  name: string | null;
  active: boolean | null;
  documents: number;
  /** Documents of the current month. */
  documentsThisMonth: number;
  lastDocumentAt: string | null;
}

export interface CategoryStatsResult {
  totalCategories: number;
  activeCategories: number;
  totalDocuments: number;
  uncategorised: number;
  categories: CategoryStats[];
}

// --- export and import ---------------------------------------------------------------------------

export const CATEGORY_EXPORT_FORMAT = 'cuadra.document-categories';
export const CATEGORY_EXPORT_VERSION = 1;
/** An import is one transaction (a category and its name claim each): all or nothing. */
export const MAX_IMPORT_CATEGORIES = 50;

/** GET /document-categories/export; the same JSON is accepted by import. */
export const DocumentCategoriesExport = z
  .object({
    format: z.literal(CATEGORY_EXPORT_FORMAT),
    version: z.literal(CATEGORY_EXPORT_VERSION),
    exportedAt: z.iso.datetime().optional(),
    categories: z
      .array(DocumentCategoryFields.strict())
      .min(1, { message: 'El archivo no contiene categorías.' })
      .max(MAX_IMPORT_CATEGORIES, {
        message: `Como máximo ${MAX_IMPORT_CATEGORIES} categorías por importación.`,
      }),
  })
  .strict();
export type DocumentCategoriesExport = z.infer<typeof DocumentCategoriesExport>;

export interface CategoryImportResult {
  created: DocumentCategory[];
}

export interface DefaultsImportResult {
  created: DocumentCategory[];
  /** Default names the company already had (left as they are). */
  skipped: string[];
}

/** POST /document-categories/optimize: `dryRun` only proposes. */
export const OptimizeCategoriesBody = z.object({ dryRun: z.boolean().default(false) }).strict();
export type OptimizeCategoriesBody = z.infer<typeof OptimizeCategoriesBody>;

export interface CategoryOptimization {
  dryRun: boolean;
  /** Categories whose names fold to the same key: the most used is kept, the others merged into it. */
  merges: { keepCategoryId: string; keepName: string; mergedCategoryIds: string[]; movedDocuments: number }[];
  /** Active categories without a document in the last 12 months (and older than that). */
  deactivated: { categoryId: string; name: string; lastUsedAt: string | null }[];
}

export interface CategoryRecommendation {
  /** The proposed name (a default category's, or the supplier's). */
  name: string;
  documentType: DocumentType;
  keywords: string[];
  /** Uncategorised documents it would take. */
  documents: number;
  documentIds: string[];
  reason: 'DEFAULT_KEYWORDS' | 'FREQUENT_SUPPLIER';
  supplierNif: string | null;
}
