/** Request and response contracts of the companies domain (spec part 1 §3 and §7). */

import * as z from 'zod';
import {
  CLIENT_PERMISSIONS,
  COMPANY_ROLES,
  COMPANY_TYPES,
  type Company,
  type CompanyType,
} from '../db/records';
import { PaymentTerms } from '../fiscal/due-dates';
import { validateTaxId } from '../fiscal/nif';
import { Email, Id, PageQuery } from './common';
import { LOGO_MESSAGES, type LogoProblemReason, MAX_LOGO_BYTES } from './company-logo';
import { safeMultiline, safeText } from './text';

export const CompanyTypeSchema = z.enum(COMPANY_TYPES);

export const companyTypeLabels: Record<CompanyType, string> = {
  AUTONOMO: 'Autónomo',
  SL: 'Sociedad Limitada',
  SA: 'Sociedad Anónima',
  CB: 'Comunidad de Bienes',
  SC: 'Sociedad Civil',
};

/** A NIF that passes its check character; normalised (upper case, no separators). */
export const Nif = z
  .string()
  .trim()
  .min(1, { message: 'El NIF es obligatorio.' })
  .max(20)
  .transform((raw, ctx) => {
    const r = validateTaxId(raw);
    if (!r.valid) ctx.addIssue({ code: 'custom', message: r.reason ?? 'El NIF no es válido.' });
    return r.normalized;
  });

const PostalCode = z
  .string()
  .trim()
  .regex(/^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/, {
    message: 'El código postal no es válido.',
  });

export const AddressSchema = z.object({
  street: safeText().min(1).max(200),
  postalCode: PostalCode,
  city: safeText().min(1).max(100),
  province: safeText().min(1).max(100),
  country: safeText().length(2).toUpperCase().default('ES'),
});

export const FiscalDataSchema = z.object({
  vatRegime: z.enum(['GENERAL', 'SIMPLIFICADO', 'RECARGO_EQUIVALENCIA', 'CRITERIO_CAJA', 'EXENTO']),
  directTax: z.enum(['IRPF_ESTIMACION_DIRECTA', 'IRPF_ESTIMACION_OBJETIVA', 'IMPUESTO_SOCIEDADES']),
  activityCode: safeText().max(10).optional(),
  activityDescription: safeText().max(200).optional(),
  largeCompany: z.boolean(),
  redeme: z.boolean(),
});

const Phone = safeText()
  .trim()
  .regex(/^\+?[\d\s]{9,15}$/, { message: 'El teléfono no es válido.' });

export const CreateCompanyBody = z
  .object({
    name: safeText().min(2, { message: 'El nombre es obligatorio.' }).max(200),
    nif: Nif,
    companyType: CompanyTypeSchema,
    email: Email.optional(),
    phone: Phone.optional(),
    address: AddressSchema,
    fiscal: FiscalDataSchema.partial().optional(),
    siiEnabled: z.boolean().optional(),
    verifactuEnabled: z.boolean().optional(),
  })
  .strict();
export type CreateCompanyBody = z.infer<typeof CreateCompanyBody>;

export const UpdateCompanyBody = z
  .object({
    name: safeText().min(2).max(200),
    nif: Nif,
    companyType: CompanyTypeSchema,
    email: Email.nullable(),
    phone: Phone.nullable(),
    address: AddressSchema,
    fiscal: FiscalDataSchema.partial(),
    isActive: z.boolean(),
    siiEnabled: z.boolean(),
    verifactuEnabled: z.boolean(),
  })
  .partial()
  .strict();
export type UpdateCompanyBody = z.infer<typeof UpdateCompanyBody>;

export const CompanyListQuery = PageQuery.extend({
  companyType: CompanyTypeSchema.optional(),
  isActive: z.enum(['true', 'false']).optional(),
});
export type CompanyListQuery = z.infer<typeof CompanyListQuery>;

export const CompanyPath = z.object({ companyId: Id });
export const CompanyUserPath = z.object({ companyId: Id, userId: Id });
export const NifPath = z.object({ nif: safeText().min(1).max(20) });

/** The company entry every list and the login answer carry (spec part 1 §3). */
export interface CompanyEntry {
  companyId: string;
  name: string;
  nif: string;
  companyType: CompanyType;
  isActive: boolean;
  isDefault: boolean;
  siiEnabled: boolean;
  /** The day the company entered the SII (null outside it or unknown); only in the company's own answer. */
  siiSince?: string | null;
  verifactuEnabled: boolean;
  createdAt: string;
}

export const companyEntry = (c: Company, defaultCompanyId: string | undefined): CompanyEntry => ({
  companyId: c.companyId,
  name: c.name,
  nif: c.nif,
  companyType: c.companyType,
  isActive: c.isActive,
  isDefault: c.companyId === defaultCompanyId,
  siiEnabled: c.siiEnabled,
  verifactuEnabled: c.verifactuEnabled,
  createdAt: c.createdAt,
});

/** Company settings: invoicing defaults and preferences (one item per company). */
export const CompanySettingsSchema = z.object({
  invoicing: z.object({
    defaultPaymentTermsDays: z.number().int().min(0).max(365),
    /**
     * Issue 19: the company's default payment terms as instalments (and días de pago), used for a
     * customer without terms of its own. Absent (settings stored before) or null: one instalment at
     * `defaultPaymentTermsDays` (shared/fiscal/due-dates.ts `storedTerms`).
     */
    defaultPaymentTerms: PaymentTerms.nullable().optional(),
    defaultPaymentMethod: z.enum(['TRANSFER', 'DIRECT_DEBIT', 'CARD', 'CASH', 'OTHER']),
    iban: z
      .string()
      .trim()
      .transform((s) => s.replace(/\s/g, '').toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/, { message: 'El IBAN no es válido.' }))
      .nullable(),
    footerNotes: safeMultiline().max(1000),
    primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: 'El color no es válido.' }),
    /** The logo printed on invoices; set only through PUT /companies/{id}/logo. */
    logo: z
      .object({
        s3Key: z.string(),
        contentType: z.enum(['image/png', 'image/jpeg']),
        fileName: z.string(),
        uploadedAt: z.string(),
        /**
         * The stored object is our re-encoded copy (shared/schemas/company-logo.ts), of these
         * dimensions; absent on logos stored before normalisation, which PDFs print without.
         */
        normalised: z.literal(true).optional(),
        width: z.number().int().positive().optional(),
        height: z.number().int().positive().optional(),
        /**
         * A logo stored before normalisation that breaks the logo rules (the nightly backfill,
         * functions/domains/companies/workers/backfill-logos.ts): it is no longer printed nor
         * served, and the company's staff were told to upload a new one.
         */
        rejected: z
          .object({
            reason: z.enum(Object.keys(LOGO_MESSAGES) as [LogoProblemReason, ...LogoProblemReason[]]),
            message: z.string(),
            at: z.string(),
          })
          .optional(),
      })
      .nullable(),
  }),
  notifications: z.object({
    emailOnInvoiceSent: z.boolean(),
    emailOnTaxDeadline: z.boolean(),
    taxDeadlineNoticeDays: z.number().int().min(1).max(30),
  }),
  fiscalYearStartMonth: z.number().int().min(1).max(12),
  locale: z.literal('es-ES'),
  currency: z.literal('EUR'),
  timezone: z.literal('Europe/Madrid'),
});
export type CompanySettings = z.infer<typeof CompanySettingsSchema>;

export const defaultCompanySettings = (): CompanySettings => ({
  invoicing: {
    defaultPaymentTermsDays: 30,
    defaultPaymentMethod: 'TRANSFER',
    iban: null,
    footerNotes: '',
    primaryColor: '#1f4e79',
    logo: null,
  },
  notifications: { emailOnInvoiceSent: true, emailOnTaxDeadline: true, taxDeadlineNoticeDays: 7 },
  fiscalYearStartMonth: 1,
  locale: 'es-ES',
  currency: 'EUR',
  timezone: 'Europe/Madrid',
});

export const UpdateCompanySettingsBody = z
  .object({
    invoicing: CompanySettingsSchema.shape.invoicing.omit({ logo: true }).partial(),
    notifications: CompanySettingsSchema.shape.notifications.partial(),
    fiscalYearStartMonth: CompanySettingsSchema.shape.fiscalYearStartMonth,
  })
  .partial()
  .strict();
export type UpdateCompanySettingsBody = z.infer<typeof UpdateCompanySettingsBody>;

// --- company users ---

export const CompanyRoleSchema = z.enum(COMPANY_ROLES);
export const ClientPermissionSchema = z.enum(CLIENT_PERMISSIONS);

export const CompanyUserListQuery = PageQuery.extend({
  companyRole: CompanyRoleSchema.optional(),
  isActive: z.enum(['true', 'false']).optional(),
  department: safeText().max(100).optional(),
});
export type CompanyUserListQuery = z.infer<typeof CompanyUserListQuery>;

export const InviteCompanyUserBody = z
  .object({
    email: Email,
    firstName: safeText().min(1).max(100),
    lastName: safeText().max(100).default(''),
    companyRole: z.enum(['GESTOR', 'CLIENTE', 'MEMBER']),
    permissions: z.array(ClientPermissionSchema).max(4).default([]),
    department: safeText().max(100).optional(),
    position: safeText().max(100).optional(),
  })
  .strict();
export type InviteCompanyUserBody = z.infer<typeof InviteCompanyUserBody>;

/**
 * The answer to an invitation: the same for an e-mail with an account and one without (no user id,
 * no "added"), so the route cannot tell who has an account. Nobody joins until they accept: an
 * existing account in the app, anybody else by activating from the e-mail.
 */
export interface InviteCompanyUserResult {
  status: 'INVITED';
  email: string;
  expiresAt: string;
}

export const UpdateCompanyUserBody = z
  .object({
    companyRole: CompanyRoleSchema,
    permissions: z.array(ClientPermissionSchema).max(4),
    department: safeText().max(100).nullable(),
    position: safeText().max(100).nullable(),
  })
  .partial()
  .strict();
export type UpdateCompanyUserBody = z.infer<typeof UpdateCompanyUserBody>;

export const ToggleCompanyUserStatusBody = z.object({ isActive: z.boolean() }).strict();

// --- company logo ---

export { MAX_LOGO_BYTES } from './company-logo';
export type CompanyLogo = NonNullable<CompanySettings['invoicing']['logo']>;

/**
 * PUT /companies/{id}/logo: `{ fileName, contentBase64 }`, or a multipart form with a `file` part
 * (functions/platform/multipart.ts gives it as `{ file: { fileName, contentBase64 } }`).
 */
export const UploadCompanyLogoBody = z.preprocess(
  (v) => {
    if (!v || typeof v !== 'object' || !('file' in v)) return v;
    const { file, ...rest } = v as { file?: { fileName?: unknown; contentBase64?: unknown } };
    return { ...rest, fileName: file?.fileName, contentBase64: file?.contentBase64 };
  },
  z
    .object({
      fileName: safeText().min(1, { message: 'Indica el nombre del archivo.' }).max(200),
      contentBase64: z
        .string()
        .min(1, { message: 'El archivo está vacío.' })
        .max(Math.ceil((MAX_LOGO_BYTES * 4) / 3) + 4, { message: LOGO_MESSAGES.TOO_HEAVY })
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, { message: 'El contenido no está en base64.' }),
    })
    .strict(),
);
export type UploadCompanyLogoBody = z.infer<typeof UploadCompanyLogoBody>;
