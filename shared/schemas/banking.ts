/**
 * Banking (issue 19): bank accounts, Norma 43 imports and movements. Request schemas (validated at the
 * edge) and the response shapes the web reads. Money in integer céntimos (movements signed: + in,
 * − out); dates ISO (YYYY-MM-DD); instants ISO with time. Routes: shared/api/routes.ts `banking.*`.
 */

import * as z from 'zod';
import { Id, IsoDate } from './common';
import { safeText } from './text';

export const bankingMessages = {
  invalidIban: 'El IBAN no es válido',
  ibanTaken: 'Ya existe una cuenta con este IBAN',
  accountNotFound: 'La cuenta bancaria no existe.',
  movementNotFound: 'El movimiento no existe.',
  accountHasMovements: 'La cuenta tiene movimientos: desactívala en lugar de eliminarla.',
  aliasRequired: 'El alias es obligatorio.',
  accountingAccount:
    'La cuenta contable debe ser una cuenta del subgrupo 57 (tesorería), p. ej. 572 o 5720001.',
  nothingToUpdate: 'No hay cambios que guardar.',
  fileRequired: 'Adjunta un fichero Norma 43.',
  fileTooLarge: 'El fichero no puede superar 4 MB.',
  fileNotBase64: 'El contenido del fichero no está en base64.',
  dateRange: 'La fecha inicial no puede ser posterior a la final.',
} as const;

/**
 * N43 files are small (a year of a busy account is well under 1 MB). 4 MB bounds the request: in
 * base64 (4/3) inside its JSON it stays under the 6 MB a Lambda's synchronous payload may carry.
 */
export const MAX_N43_BYTES = 4 * 1024 * 1024;

export const MOVEMENT_STATUSES = ['UNMATCHED', 'PROPOSED', 'MATCHED', 'IGNORED'] as const;
export type MovementStatus = (typeof MOVEMENT_STATUSES)[number];

// --- requests ------------------------------------------------------------------------------------------

export const BankAccountPath = z.object({ accountId: Id });
export type BankAccountPath = z.infer<typeof BankAccountPath>;

export const BankMovementPath = z.object({
  accountId: Id,
  movementId: z.string().regex(/^m\d{8}[0-9a-f]{16}$/, { message: 'Identificador no válido.' }),
});
export type BankMovementPath = z.infer<typeof BankMovementPath>;

export const IbanPath = z.object({ iban: z.string().trim().min(1).max(64) });
export type IbanPath = z.infer<typeof IbanPath>;

/** The accounting account of a bank: PGC subgroup 57 (572 by default, or one of its sub-accounts). */
const AccountingAccountCode = z
  .string()
  .trim()
  .regex(/^57\d{1,10}$/, { message: bankingMessages.accountingAccount });

export const CreateBankAccountBody = z.object({
  iban: z.string().trim().min(1, { message: bankingMessages.invalidIban }).max(64),
  /** Absent: bank name + last four digits. */
  alias: safeText().trim().min(1).max(80).optional(),
  holderName: safeText().trim().max(120).optional(),
  bic: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, { message: 'El BIC no es válido.' })
    .optional(),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/)
    .default('EUR'),
  accountingAccountCode: AccountingAccountCode.default('572'),
});
export type CreateBankAccountBody = z.infer<typeof CreateBankAccountBody>;

export const UpdateBankAccountBody = z
  .object({
    alias: safeText().trim().min(1, { message: bankingMessages.aliasRequired }).max(80).optional(),
    accountingAccountCode: AccountingAccountCode.optional(),
    active: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: bankingMessages.nothingToUpdate });
export type UpdateBankAccountBody = z.infer<typeof UpdateBankAccountBody>;

export const BankAccountListQuery = z.object({
  includeInactive: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type BankAccountListQuery = z.infer<typeof BankAccountListQuery>;

export const ImportN43Body = z.object({
  fileName: safeText().trim().min(1, { message: bankingMessages.fileRequired }).max(200),
  /** The file's bytes in base64 (4/3 of the size: 5 MB of file is 6.99 M characters). */
  contentBase64: z
    .string()
    .min(1, { message: bankingMessages.fileRequired })
    .max(Math.ceil(MAX_N43_BYTES / 3) * 4, { message: bankingMessages.fileTooLarge })
    .regex(/^[A-Za-z0-9+/\r\n]*={0,2}\s*$/, { message: bankingMessages.fileNotBase64 }),
});
export type ImportN43Body = z.infer<typeof ImportN43Body>;

/** Cursor paging of the long lists (movements, imports): `cursor` is the previous page's `nextCursor`. */
const CursorQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(1000).optional(),
});

export const MovementListQuery = CursorQuery.extend({
  accountId: Id,
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  status: z.enum(MOVEMENT_STATUSES).optional(),
  /** IN: money in (amount > 0); OUT: money out. */
  sign: z.enum(['IN', 'OUT']).optional(),
  search: safeText().trim().max(100).optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { message: bankingMessages.dateRange, path: ['from'] });
export type MovementListQuery = z.infer<typeof MovementListQuery>;

export const ImportListQuery = CursorQuery;
export type ImportListQuery = z.infer<typeof ImportListQuery>;

// --- responses -------------------------------------------------------------------------------------------

export interface IbanInfo {
  valid: boolean;
  /** Electronic format (upper case, no spaces). */
  iban: string;
  /** Groups of four. */
  formatted: string;
  bankCode: string | null;
  bankName: string | null;
  /** Why it is not valid (Spanish), null when valid. */
  reason: string | null;
}

export interface BankAccount {
  accountId: string;
  iban: string;
  bankCode: string | null;
  bankName: string | null;
  bic: string | null;
  alias: string;
  holderName: string | null;
  currency: string;
  accountingAccountCode: string;
  balanceCents: number;
  balanceDate: string | null;
  feed: { n43: boolean; psd2ConnectionId: string | null };
  active: boolean;
  movementCount: number;
  unreconciledCount: number;
  lastMovementDate: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface BankMovement {
  movementId: string;
  accountId: string;
  bookingDate: string;
  valueDate: string;
  amountCents: number;
  currency: string;
  commonConcept: string | null;
  /** Spanish label of the concepto común (AEB Cuaderno 43 Annex 2). */
  commonConceptLabel: string | null;
  ownConcept: string | null;
  documentNumber: string | null;
  reference1: string | null;
  reference2: string | null;
  conceptLines: string[];
  description: string;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  counterpartyNif: string | null;
  endToEndId: string | null;
  mandateId: string | null;
  source: 'N43' | 'PSD2';
  sourceId: string;
  reconciliation: { status: MovementStatus; sessionId: string | null; matchId: string | null };
  createdAt: string;
}

export interface MovementPage {
  items: BankMovement[];
  /** Pass back as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

export interface N43ImportAccount {
  accountId: string;
  iban: string;
  alias: string;
  /** True when this import created the account. */
  accountCreated: boolean;
  fromDate: string;
  toDate: string;
  openingCents: number;
  closingCents: number;
  /** Movements in the file (zero amounts excluded), new ones and the ones already imported. */
  movements: number;
  created: number;
  duplicates: number;
}

export interface N43ImportResult {
  importId: string;
  fileName: string;
  sha256: string;
  encoding: 'ISO-8859-1' | 'UTF-8';
  accounts: N43ImportAccount[];
  created: number;
  duplicates: number;
  /** Tolerated irregularities (an 88 count off by one, a balance left at zero), with their line. */
  warnings: { line: number; reason: string }[];
  importedBy: string;
  importedAt: string;
}

export interface ImportPage {
  items: N43ImportResult[];
  nextCursor: string | null;
}

export interface BankingOverview {
  accounts: BankAccount[];
  /** Σ of the active accounts' last balances (EUR accounts only: no currency conversion). */
  totalBalanceCents: number;
  unreconciledCount: number;
  lastImportAt: string | null;
  lastSyncAt: string | null;
  /** The latest movements across the active accounts, newest first. */
  recentMovements: BankMovement[];
}
