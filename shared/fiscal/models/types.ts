/**
 * The contract of a VAT model's definition (issue 14 item 2): boxes, how each is computed from the
 * running aggregates, validation rules and the AEAT record design, with the period from which each
 * design applies. A new year's design is a new `ModelDesign` in the model's `designs` list (data plus
 * its test), never an edit of a code path. Pure; amounts in céntimos, rates in basis points.
 */

import type { TaxProfileFacts } from '../../schemas/tax-profile';
import type { AggregateLine, CounterpartyLine, InvoiceTypeLine, TaxBook } from '../tax-aggregates';

/** The VAT models of issue 14. */
export const VAT_MODEL_TYPES = ['303', '390', '349', '347'] as const;
/** The one-stop shop's return (issue 14 item 3, where the profile has it): VAT of other member states. */
export const OSS_MODEL_TYPES = ['369'] as const;
/**
 * The income-tax and withholding models of issue 15: instalments (130, 131, 202), withholdings (111, 115,
 * 123, 216) and their annual summaries with one record per recipient (190, 180, 193, 296).
 */
export const INCOME_TAX_MODEL_TYPES = [
  '130',
  '131',
  '111',
  '115',
  '123',
  '216',
  '202',
  '190',
  '180',
  '193',
  '296',
] as const;
/** Every model Cuadra computes from the books. */
export const TAX_MODEL_TYPES = [...VAT_MODEL_TYPES, ...INCOME_TAX_MODEL_TYPES, ...OSS_MODEL_TYPES] as const;
export type TaxModelType = (typeof TAX_MODEL_TYPES)[number];
export type VatModelType = (typeof VAT_MODEL_TYPES)[number];
export type IncomeTaxModelType = (typeof INCOME_TAX_MODEL_TYPES)[number];

/** Period codes as the AEAT writes them: '1T'..'4T', '01'..'12', '0A' (annual), '1P'..'3P' (202 instalments). */
export type ModelPeriod = string;

/** The aggregates of one period (a month, a quarter or a year): as functions/lib/tax-aggregates reads them. */
export interface PeriodLines {
  byKey: Record<TaxBook, AggregateLine[]>;
  byCounterparty: Record<TaxBook, CounterpartyLine[]>;
  byInvoiceType: Record<TaxBook, InvoiceTypeLine[]>;
}

/** A filed (or generated) return of an earlier period, as another model's computation needs it. */
export interface EarlierReturn {
  modelType: TaxModelType;
  year: number;
  period: ModelPeriod;
  boxes: Record<string, number>;
  result: ModelResult;
  status: 'MODEL_GENERATED' | 'SUBMITTED';
}

/**
 * What the person adds to what the books give (PUT of a model; the preview takes the same as query):
 * compensation carried from earlier periods, the result type chosen, the bank account, and the boxes
 * no invoice can fill (303: 42, 43, 44, 76, 77, 68, 108, 70, 109, 65 for foral taxpayers; 390 page
 * entries). Absent = the default (compensation: the one carried by the previous 303 with result C).
 */
export interface ModelAdjustments {
  /** 303 [110] / 390 [85] source: compensation pending from earlier periods, céntimos. */
  compensationFromPreviousCents?: number;
  /** The result type the person chose among those `allowedResultTypes` lists. */
  resultType?: ResultType;
  iban?: string;
  domiciliation?: boolean;
  /** Manual boxes by AEAT number ('42', '43', '44', '76', '77', '68', '108', '70', '109', '65', …). */
  boxes?: Record<string, number>;
  /** Complementary/substitutive return: the previous receipt number (13 chars). */
  previousReceipt?: string;
  /** 'sin actividad' (303 page 03, position 391). Computed when absent: no operations at all. */
  noActivity?: boolean;

  // --- income tax and withholdings (issue 15) ---------------------------------------------------
  /**
   * 130: add the provision for hard-to-justify expenses (estimación directa simplificada, art. 30.2.4ª
   * LIRPF). Absent: true when the profile's IRPF method is the simplified direct estimation.
   */
  applyDifficultJustification?: boolean;
  /**
   * 130 [13]: the net activity income of the previous year (art. 110.3.c RIRPF), céntimos, signed.
   * Absent: the previous year's 4T 130 [03] (stored, else computed from the previous year's books).
   */
  previousYearNetIncomeCents?: number;
  /** 130: income and expenses outside the invoices (subsidies; RETA quota, amortisation…), YTD céntimos. */
  otherIncomeCents?: number;
  otherExpensesCents?: number;
  /**
   * 111 [01]–[06]: employment income of the period entered by the person while payroll is run
   * elsewhere (item 3); kept with the model.
   */
  workIncome?: WorkIncomeInput;
  /** 115: rents paid without an invoice in the books (spec: rentalProperties of nif and rentAmount). */
  rentalProperties?: RentalPropertyInput[];
  /** 123: capital income paid (spec: capitalIncomeOperations of recipientNif and incomeAmount). */
  capitalIncomeOperations?: CapitalIncomeInput[];
  /** 131 (módulos): the activities' modules (spec: modulesData of moduleUnits, unitValue, deductions). */
  modulesData?: ModuleActivityInput[];
  /** 131: the rate applied to the net income (spec irpfRate), basis points; absent: the design's rule. */
  irpfRateBp?: number;
  /** 131: instalments paid earlier in the year (spec previousPayments), céntimos; absent: the stored 131s. */
  previousPaymentsCents?: number;
  /** 202: what the instalment is computed on (art. 40 LIS); see Instalment202Input. */
  instalment202?: Instalment202Input;
  /**
   * 190 (and 180/193/296): recipients the books do not know (employees while payroll is run elsewhere,
   * landlords or capital recipients paid outside the books): one record each.
   */
  annualRecipients?: AnnualRecipientInput[];
}

/** One activity of a 131 (estimación objetiva): IAE epigraph and its modules for the quarter. */
export interface ModuleActivityInput {
  /** IAE epigraph (up to 4 characters as the 131 page writes it, e.g. '6511'). */
  activityCode: string;
  description?: string;
  /** Units of the activity's modules (personal, superficie…): may carry decimals (1.5 persons). */
  moduleUnits: number;
  /** Annual value per unit, céntimos (the Orden de módulos of the year). */
  unitValue: number;
  /** Reductions and minorations of the net income, céntimos. */
  deductions: number;
  /** Employees of the activity (the 131's rate: 3 % with one, 2 % with none, art. 110.2.b RIRPF). */
  employees?: number;
}

/** The 202's basis (art. 40 LIS): method 40.2 on the last IS return, or 40.3 on the period's base. */
export interface Instalment202Input {
  method: '40.2' | '40.3';
  /** 40.2: the cuota íntegra of the last IS return minus deductions, bonifications, withholdings, céntimos. */
  lastReturnBaseCents?: number;
  /** 40.3: the taxable base of the months elapsed of the year, céntimos (signed). */
  periodBaseCents?: number;
  /** 40.3: the company's net turnover of the previous year (above 10 M€ a minimum payment applies), céntimos. */
  previousYearTurnoverCents?: number;
  /** 40.3: withholdings and payments on account borne in the period, céntimos. */
  withholdingsCents?: number;
  /** 40.3: earlier instalments of the year, céntimos; absent: the stored 202s. */
  previousInstalmentsCents?: number;
  /** 40.3: the company's general IS rate in basis points (2500; 2300/2100… for small companies per year). */
  taxRateBp?: number;
}

/**
 * A recipient of an annual summary entered by the person (190/180/193/296 record): one the books do not
 * know (an employee while payroll runs elsewhere, a landlord or lender paid outside the books). The
 * summary refuses one whose NIF and key the books already declare (./annual-withholdings.ts).
 */
export interface AnnualRecipientInput {
  /**
   * The recipient's Spanish NIF; for a 296 recipient without one, the tax id of the country of
   * residence (`country`).
   */
  nif: string;
  /** Surname(s) first for individuals, as the AEAT designs ask. */
  name: string;
  /** Province code (2 digits) of the recipient's address. */
  province?: string;
  /** Spanish postal code of the recipient's address: its first two digits give the province when `province` is absent. */
  postalCode?: string;
  /**
   * The key as the withholding kinds write it: 190 perception key and subkey ('A' or 'A00' for a key
   * without subkeys, 'G01'); 180 '-'; 193 the perception key letter and nature ('A01'); 296 the two-digit
   * clave and subclave ('1901').
   */
  key: string;
  baseCents: number;
  withholdingCents: number;
  inKindValueCents?: number;
  inKindWithholdingCents?: number;
  /** 296: 'F' individual, 'J' entity (inferred from a Spanish NIF when absent). */
  personType?: 'F' | 'J';
  /**
   * 296: country of residence (ISO 3166-1 alpha-2). With a `nif` that is not a Spanish NIF, that nif is
   * the tax id of this country.
   */
  country?: string;
  /** 296: date the income accrued (ISO yyyy-mm-dd). */
  accrualDate?: string;
  /** 296: the recipient's address in the country of residence. */
  address?: ForeignAddressInput;
  /** 180: the leased property (its cadastral reference and address). */
  property?: LeasedPropertyInput;
}

/** A 296 recipient's address abroad (AEAT DR296 type 2, positions 227-388). */
export interface ForeignAddressInput {
  street: string;
  complement?: string;
  city: string;
  region?: string;
  postalCode?: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

/** A leased urban property of a 180 record (OCA aeat_export_mod180_line_data.xml, positions 114-327). */
export interface LeasedPropertyInput {
  /**
   * 1 with a cadastral reference outside the País Vasco and Navarra, 2 País Vasco, 3 Navarra, 4 without a
   * cadastral reference (the AEAT's "situación del inmueble").
   */
  situation: 1 | 2 | 3 | 4;
  cadastralReference?: string;
  streetType?: string;
  streetName: string;
  numberType?: string;
  number?: number;
  numberQualifier?: string;
  block?: string;
  portal?: string;
  stairs?: string;
  floor?: string;
  door?: string;
  complement?: string;
  locality?: string;
  municipality: string;
  municipalityCode?: string;
  /** Five-digit Spanish postal code; its first two digits give the province code. */
  postalCode: string;
}

/** Employment income of a period (111 [01]–[06]): céntimos and recipient counts. */
export interface WorkIncomeInput {
  recipients: number;
  baseCents: number;
  withholdingCents: number;
  inKindRecipients: number;
  inKindValueCents: number;
  inKindWithholdingCents: number;
}

/** A rent paid in the period outside the books (115). `withholdingCents` absent: rate × rent, rounded. */
export interface RentalPropertyInput {
  nif: string;
  name?: string;
  /** The rent excluding VAT, céntimos (> 0). */
  rentAmount: number;
  withholdingCents?: number;
}

/** Capital income paid in the period outside the books (123). */
export interface CapitalIncomeInput {
  recipientNif: string;
  name?: string;
  /** The income paid, céntimos (> 0). */
  incomeAmount: number;
  withholdingCents?: number;
  /**
   * The 193 perception key and naturaleza of the income ('A02' dividends, 'B03' loan interest; AEAT DR193,
   * ../withholdings.ts isKey193): a key A goes to the dividends boxes [01]/[04]/[07]; absent, the rest.
   */
  key?: string;
}

export type ResultType =
  | 'I' // ingreso
  | 'U' // domiciliación del ingreso
  | 'G' // cuenta corriente tributaria - ingreso
  | 'C' // a compensar
  | 'D' // devolución
  | 'X' // devolución por transferencia al extranjero
  | 'V' // cuenta corriente tributaria - devolución
  | 'N' // sin actividad / resultado cero
  | 'B' // a deducir (130/131 of 1T-3T with a negative result, recovered in later quarters)
  | 'INFORMATIVE'; // 349, 347: informative returns (amountCents = their total)

export interface ModelResult {
  type: ResultType;
  /** The result box ([71] for 303, [86]/[97]/[98] for 390…) in céntimos, signed; informative: the total. */
  amountCents: number;
}

/** One declared counterparty record of an informative return (349, 347; 190, 180, 193, 296). */
export interface DeclaredRecord {
  /**
   * 'OPERATOR' a 349 operator, a 347 party or a 190/180/193/296 recipient; 'RECTIFICATION' a 349
   * rectification; 'PROPERTY' a 347 property.
   */
  kind: 'OPERATOR' | 'RECTIFICATION' | 'PROPERTY';
  counterpartyKey: string;
  /** NIF (347) or EU VAT number with country prefix (349). */
  taxId: string;
  name: string;
  country: string;
  /** 349: E/T/S/A/I; 347: A/B; 190/193 perception key letter; 180 '-'; 296 two-digit clave. */
  key: string;
  amountCents: number;
  /** 347: the four quarters (1T..4T), signed. */
  quarterAmountsCents?: [number, number, number, number];
  /** 347: cash collected over 6.000 € and the year of the operations. */
  cashAmountCents?: number;
  cashYear?: number;
  /** 349 rectification: the corrected period and the base declared before. */
  correctedYear?: number;
  correctedPeriod?: ModelPeriod;
  previouslyDeclaredCents?: number;

  // --- one-stop shop, 369: one OPERATOR record per member state of consumption and rate (`country`,
  // `taxId` its code, `name` its Spanish name, `key` 'S' standard or 'R' reduced rate, `amountCents` the
  // VAT), one RECTIFICATION per state and corrected period (`amountCents` the VAT corrected) ---------
  /** 369: the rate of the member state of consumption, basis points. */
  vatRateBp?: number;
  /** 369: the taxable base of the line or of the correction, céntimos. */
  baseCents?: number;

  // --- annual withholding summaries, 190/180/193/296 (issue 15): `key` the perception key ('G', 'A',
  // 180 '-', 296 '19'), `amountCents` the withholding base (190: percepción íntegra dineraria) ---------
  /** 190 subclave, 193 naturaleza, 296 subclave ('01'); '' none. */
  subkey?: string;
  /** The amount withheld (retenciones practicadas), céntimos. */
  withholdingCents?: number;
  /** 190: value of the payments in kind and the payments on account made on them (ingresos a cuenta). */
  inKindValueCents?: number;
  inKindWithholdingCents?: number;
  /** 180/193/296: the withholding rate applied (the design's "% retención", 2 decimals), basis points. */
  withholdingRateBp?: number;
  /** Two-digit province code (INE) of the recipient's address; '' when unknown. */
  province?: string;
  /** Where the record comes from: the books (`W|…` lines) or the person's `annualRecipients`. */
  origin?: 'BOOKS' | 'ENTERED';
  /** 296: 'F' individual, 'J' entity. */
  personType?: 'F' | 'J';
  /** 296: accrual date as the design writes it (DDMMAAAA). */
  accrualDate?: string;
  /**
   * "PAGO": 193 keys A, B and D, 1 paid as issuer; 296 claves 01-02, 1 paid as issuer or withholder (the
   * declarant's own payments).
   */
  paymentKey?: number;
  /** 296: tax id in the country of residence and that country (ISO alpha-2). */
  foreignTaxId?: string;
  residenceCountry?: string;
  /** 296 recipient address abroad; 180 property address (the 347 property record's names). */
  streetName?: string;
  addressComplement?: string;
  locality?: string;
  regionName?: string;
  postalCode?: string;
  addressCountry?: string;
  /** 180 property (situation 1-4, cadastral reference, address as AEAT splits it). */
  propertySituation?: number;
  cadastralReference?: string;
  streetType?: string;
  numberType?: string;
  streetNumber?: number;
  numberQualifier?: string;
  block?: string;
  portal?: string;
  stairs?: string;
  floor?: string;
  door?: string;
  municipality?: string;
  municipalityCode?: string;
  provinceCode?: string;
}

export interface ModelIssue {
  /** Machine code, e.g. 'NEGATIVE_BOX', 'RESULT_TYPE', 'IBAN_REQUIRED', 'BOX_IDENTITY'. */
  code: string;
  /** Box or field the issue is about. */
  field?: string;
  /** Spanish, for the screen: e.g. '[110] no puede ser negativo'. */
  message: string;
  severity: 'ERROR' | 'WARNING';
}

export interface ModelInput {
  modelType: TaxModelType;
  year: number;
  period: ModelPeriod;
  company: { companyId: string; nif: string; name: string };
  /** The profile facts in force on the period's first day. */
  facts: TaxProfileFacts;
  /** 303: MONTHLY or QUARTERLY (from the period code). */
  periodicity: 'MONTHLY' | 'QUARTERLY' | 'ANNUAL' | 'INSTALMENTS';
  /** The period's aggregates (for '0A': the year). */
  aggregates: PeriodLines;
  /** 390, 347 and 130 (cumulative from January): the year's aggregates per quarter ('1T'..'4T'). */
  quarters?: Record<string, PeriodLines>;
  /** Returns of earlier periods the computation reads (previous 303 for [110]; the year's 303s for 390; filed 349s). */
  earlier: EarlierReturn[];
  /** 349 rectifications: the base declared before per `<taxId>|<key>|<year>|<period>`. */
  previouslyDeclared349?: Record<string, number>;
  adjustments: ModelAdjustments;
  /**
   * 130: the previous year's net activity income when the adjustments do not give it (the domain reads
   * the previous year's 4T 130, else computes it from that year's books); null when unknown.
   */
  previousYearNetIncomeCents?: number | null;
}

export interface ModelComputation {
  modelType: TaxModelType;
  year: number;
  period: ModelPeriod;
  /** The design id used, e.g. '303-2024-10' (DR303e24v200), '303-2026' (DR303e26v101). */
  design: string;
  /** AEAT box number as printed ("01", "07", "110") → integer (céntimos, basis points or counts). */
  boxes: Record<string, number>;
  result: ModelResult;
  /** The result types the person may choose for this result and period. */
  allowedResultTypes: ResultType[];
  /** 349, 347 and the annual withholding summaries (190, 180, 193, 296): the declared records. */
  records: DeclaredRecord[];
  issues: ModelIssue[];
  /**
   * For each box, the aggregate keys it was summed from (`<book>:<taxKey>` or `<book>:<opKey>`), so the
   * screen can show the invoices behind a box.
   */
  sources: Record<string, string[]>;
}

/** One box of a design: number as printed, Spanish label, unit, and whether the person may set it. */
export interface BoxDef {
  box: string;
  label: string;
  unit: 'CENTS' | 'BP' | 'COUNT';
  /** Signed amounts (`N` fields in the file); otherwise never negative. */
  signed: boolean;
  /** Filled by the person (adjustments.boxes), not from the books. */
  manual?: boolean;
  /** Page/section title for the screen ('Régimen general', 'IVA deducible', 'Resultado'…). */
  section: string;
}

/** One field of an AEAT record design (a positional layout). */
export interface LayoutField {
  /** 1-based position in the page/record. */
  position: number;
  length: number;
  /** 'An' alphanumeric, 'Num' unsigned numeric, 'N' signed numeric (N prefix when negative). */
  type: 'An' | 'Num' | 'N';
  /** Description from the AEAT design. */
  description: string;
  /**
   * What fills it: a box number ('box:07'; 'box:<section>.<box>' where the form prints a box twice),
   * a constant ('const:<T303'), a named identity value ('value:nif'), a field of the declared record
   * ('record:taxId', BOE records), or 'blank' (reserved positions).
   */
  source: string;
  decimals?: number;
}

export interface PageLayout {
  /** Page code ('01000', '03000', 'DID00' for 303; '1'/'2' record types for BOE files). */
  page: string;
  length: number;
  fields: LayoutField[];
}

export interface ModelDesign {
  id: string;
  modelType: TaxModelType;
  /** First day of the first period this design applies to (ISO). */
  validFrom: string;
  /** Last day (ISO) or null while current. */
  validTo: string | null;
  /**
   * Last day (ISO) of the periods the AEAT has published this design for, where it publishes one
   * design per exercise (the 390: "390 - Ejercicio 2025"). A later period the design still covers
   * (validTo null) is computed with it provisionally, with a warning, and its AEAT file is refused
   * until the AEAT's next design is added. Absent: published for its whole validity ("y siguientes").
   */
  publishedThrough?: string;
  /** AEAT design name and where it comes from. */
  source: string;
  boxes: BoxDef[];
  /** The file's pages/records in order. */
  pages: PageLayout[];
  /**
   * 'T' the "<T" self-assessment envelope (303, 390); 'BOE' 500-char informative records (349, 347);
   * 'FORM' no file Cuadra writes: filed in the Sede electrónica's form (369), exported as its lines.
   */
  fileFormat: 'T' | 'BOE' | 'FORM';
}

export interface ModelDefinition {
  modelType: TaxModelType;
  name: string;
  periodicities: ('MONTHLY' | 'QUARTERLY' | 'ANNUAL' | 'INSTALMENTS')[];
  designs: ModelDesign[];
  compute(input: ModelInput, design: ModelDesign): ModelComputation;
}
