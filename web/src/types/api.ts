/**
 * Entity shapes the web reads from the API and that more than one feature needs.
 * Spec part 1 §3. When the companies domain publishes its zod schemas in `shared/schemas`,
 * these become `z.infer` re-exports of them.
 */

export const COMPANY_TYPES = ['AUTONOMO', 'SL', 'SA', 'CB', 'SC'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

/** A company entry as listed by `companies.list`. */
export interface Company {
  companyId: string;
  name: string;
  nif: string;
  companyType: CompanyType;
  isActive: boolean;
  isDefault: boolean;
  siiEnabled: boolean;
  verifactuEnabled: boolean;
  /** ISO 8601. */
  createdAt: string;
}
