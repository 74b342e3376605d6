/**
 * Billing contracts (spec part 3 §3 "Billing and add-ons", part 1 §6 plan rules): the plan and
 * add-on catalogue as data, the subscription a user pays for, and the pure plan gates the web uses
 * for menus, guards ('Funcionalidad Premium') and the pricing page.
 *
 * Prices are integer céntimos per month, VAT (IVA) NOT included: the 21 % general rate is added
 * on the invoice (Ley 37/1992 art. 90), never baked into these figures.
 */

import { type Claim, claimTexts } from '../capabilities';

export const PLAN_CATEGORIES = ['GESTORIA', 'ENTERPRISE', 'STANDARD'] as const;
export type PlanCategory = (typeof PLAN_CATEGORIES)[number];

export const PLAN_TIERS = ['STARTER', 'PROFESSIONAL'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

export const SUBSCRIPTION_STATUSES = ['TRIAL', 'ACTIVE', 'PAST_DUE', 'SUSPENDED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const subscriptionStatusLabels: Record<SubscriptionStatus, string> = {
  TRIAL: 'Periodo de prueba',
  ACTIVE: 'Activa',
  PAST_DUE: 'Pago pendiente',
  SUSPENDED: 'Suspendida',
};

export const ADDON_TYPES = ['PAYROLL_MODULE', 'PAYROLL_MODULE_BASIC', 'PAYROLL_MODULE_PREMIUM'] as const;
export type AddonType = (typeof ADDON_TYPES)[number];

export const ADDON_STATUSES = ['TRIAL', 'ACTIVE', 'PAST_DUE', 'SUSPENDED', 'CANCELLED'] as const;
export type AddonStatus = (typeof ADDON_STATUSES)[number];

export interface PlanLimits {
  payrollEnabled: boolean;
  /** Companies the subscriber may manage; null = unlimited. */
  maxCompanies: number | null;
  /** Users (the subscriber's team, not its clients); null = unlimited. */
  maxUsers: number | null;
  accountingEnabled: boolean;
}

export interface Plan {
  planCode: string;
  planCategory: PlanCategory;
  tier: PlanTier;
  planName: string;
  /** Who the plan is for, one line for the pricing page. */
  audience: string;
  /** Céntimos per month, VAT excluded. */
  monthlyPriceCents: number;
  trialDays: number;
  limits: PlanLimits;
  /** What the plan includes, each line with the areas it needs (shared/capabilities.ts). */
  featureClaims: readonly Claim[];
  /** The lines of `featureClaims` whose areas work today: what the pages show. */
  features: string[];
  /** The plan the pricing page recommends within its category. */
  highlighted: boolean;
}

export const PLAN_CODES = [
  'STANDARD_STARTER',
  'STANDARD_PROFESSIONAL',
  'GESTORIA_STARTER',
  'GESTORIA_PROFESSIONAL',
  'ENTERPRISE_PROFESSIONAL',
] as const;
export type PlanCode = (typeof PLAN_CODES)[number];

/**
 * What every plan includes, as claims (shared/capabilities.ts): a line is shown only when the areas
 * it needs work today, so the pricing page never sells what the application does not do.
 */
const BASE_FEATURES: readonly Claim[] = [
  { text: 'Facturas emitidas y recibidas con VeriFacTu', needs: ['invoicing', 'expenses', 'verifactu'] },
  {
    text: 'Clientes, proveedores y facturas recurrentes',
    needs: ['customers', 'expenses', 'recurringInvoices'],
  },
  { text: 'Importación y exportación de facturas en Excel y CSV', needs: ['importExport'] },
  { text: 'Modelos de la AEAT y calendario fiscal con avisos', needs: ['taxModels', 'fiscalCalendar'] },
  { text: 'Documentos con lectura automática (OCR)', needs: ['ocr'] },
];

type PlanInput = Omit<Plan, 'features'>;

/** The plan with the feature lines that may be shown today. */
const plan = (input: PlanInput): Plan => ({ ...input, features: claimTexts(input.featureClaims) });

export const plans: Record<PlanCode, Plan> = {
  STANDARD_STARTER: plan({
    planCode: 'STANDARD_STARTER',
    planCategory: 'STANDARD',
    tier: 'STARTER',
    planName: 'Autónomo Starter',
    audience: 'Para autónomos que llevan su actividad sin gestor.',
    monthlyPriceCents: 1_500,
    trialDays: 30,
    limits: { payrollEnabled: false, maxCompanies: 1, maxUsers: 1, accountingEnabled: false },
    featureClaims: [
      ...BASE_FEATURES,
      { text: 'Modelos 130 y 303 calculados con tus facturas', needs: ['taxModels', 'incomeTaxModels'] },
      { text: 'Modelo 303 calculado con tus facturas', needs: ['taxModels'], unless: ['incomeTaxModels'] },
    ],
    highlighted: false,
  }),
  STANDARD_PROFESSIONAL: plan({
    planCode: 'STANDARD_PROFESSIONAL',
    planCategory: 'STANDARD',
    tier: 'PROFESSIONAL',
    planName: 'Empresa Professional',
    audience: 'Para sociedades (SL, SA, CB, SC) con un equipo que factura y registra los gastos.',
    monthlyPriceCents: 4_900,
    trialDays: 30,
    limits: { payrollEnabled: true, maxCompanies: 1, maxUsers: 10, accountingEnabled: true },
    featureClaims: [
      ...BASE_FEATURES,
      { text: 'Hasta 10 usuarios, cada uno con sus permisos', needs: ['companyUsers'] },
      { text: 'Contabilidad según el PGC: diario, balance y cuenta de resultados', needs: ['accounting'] },
      { text: 'Nóminas y seguros sociales', needs: ['payroll'] },
      { text: 'Conciliación bancaria', needs: ['banking'] },
    ],
    highlighted: true,
  }),
  GESTORIA_STARTER: plan({
    planCode: 'GESTORIA_STARTER',
    planCategory: 'GESTORIA',
    tier: 'STARTER',
    planName: 'Gestoría Starter',
    audience: 'Para despachos pequeños que empiezan a trabajar con sus clientes en línea.',
    monthlyPriceCents: 7_900,
    trialDays: 30,
    limits: { payrollEnabled: false, maxCompanies: 25, maxUsers: 2, accountingEnabled: false },
    featureClaims: [
      ...BASE_FEATURES,
      { text: 'Hasta 25 empresas cliente', needs: [] },
      { text: 'Portal del cliente: sus facturas emitidas, con su PDF', needs: ['clientPortalInvoices'] },
    ],
    highlighted: false,
  }),
  GESTORIA_PROFESSIONAL: plan({
    planCode: 'GESTORIA_PROFESSIONAL',
    planCategory: 'GESTORIA',
    tier: 'PROFESSIONAL',
    planName: 'Gestoría Professional',
    audience: 'Para gestorías con equipo que llevan la facturación de muchos clientes.',
    monthlyPriceCents: 19_900,
    trialDays: 30,
    limits: { payrollEnabled: true, maxCompanies: 150, maxUsers: 15, accountingEnabled: true },
    featureClaims: [
      ...BASE_FEATURES,
      { text: 'Hasta 150 empresas cliente', needs: [] },
      { text: 'Usuarios del despacho y de tus clientes, con sus permisos', needs: ['companyUsers'] },
      { text: 'Contabilidad y nóminas de todos tus clientes', needs: ['accounting', 'payroll'] },
      { text: 'Revisión de documentos y compartir con clientes', needs: ['clientPortalDocuments'] },
    ],
    highlighted: true,
  }),
  ENTERPRISE_PROFESSIONAL: plan({
    planCode: 'ENTERPRISE_PROFESSIONAL',
    planCategory: 'ENTERPRISE',
    tier: 'PROFESSIONAL',
    planName: 'Enterprise',
    audience: 'Para grupos de empresas y grandes despachos: sin límites de empresas ni de usuarios.',
    monthlyPriceCents: 49_900,
    trialDays: 0,
    limits: { payrollEnabled: true, maxCompanies: null, maxUsers: null, accountingEnabled: true },
    featureClaims: [
      ...BASE_FEATURES,
      { text: 'Empresas y usuarios ilimitados', needs: [] },
      { text: 'Contabilidad y nóminas', needs: ['accounting', 'payroll'] },
      { text: 'Envío de los libros registro al SII', needs: ['sii'] },
      { text: 'Gestión de clientes y análisis de rentabilidad', needs: ['advisorAnalytics'] },
      { text: 'Soporte prioritario', needs: ['prioritySupport'] },
    ],
    highlighted: false,
  }),
};

/** The catalogue in the order of the pricing page. */
export const planList: readonly Plan[] = PLAN_CODES.map((code) => plans[code]);

export const isPlanCode = (code: string): code is PlanCode =>
  (PLAN_CODES as readonly string[]).includes(code);

export interface Addon {
  addonType: AddonType;
  name: string;
  description: string;
  /** Céntimos per month, VAT excluded. */
  monthlyPriceCents: number;
  /** Employees whose payroll the add-on covers; null = unlimited. */
  maxEmployees: number | null;
  /** Add-on contracting depends on the plan category (spec part 3 §6). */
  availableFor: readonly PlanCategory[];
}

export const addons: Record<AddonType, Addon> = {
  PAYROLL_MODULE_BASIC: {
    addonType: 'PAYROLL_MODULE_BASIC',
    name: 'Nóminas Básico',
    description: 'Nóminas de hasta 5 empleados, con IRPF y cotizaciones calculados.',
    monthlyPriceCents: 1_900,
    maxEmployees: 5,
    availableFor: ['STANDARD'],
  },
  PAYROLL_MODULE: {
    addonType: 'PAYROLL_MODULE',
    name: 'Nóminas',
    description: 'Nóminas de hasta 25 empleados, vacaciones y ausencias.',
    monthlyPriceCents: 3_900,
    maxEmployees: 25,
    availableFor: ['STANDARD', 'GESTORIA'],
  },
  PAYROLL_MODULE_PREMIUM: {
    addonType: 'PAYROLL_MODULE_PREMIUM',
    name: 'Nóminas Premium',
    description: 'Nóminas sin límite de empleados, seguros sociales (RLC y RNT) e informes.',
    monthlyPriceCents: 7_900,
    maxEmployees: null,
    availableFor: ['GESTORIA'],
  },
};

// --- the subscription -----------------------------------------------------------------------------

export interface SubscriptionAddon {
  addonType: AddonType;
  status: AddonStatus;
}

/** `GET billing/subscription` (404 CORE_006 means the caller has none). */
export interface Subscription {
  subscriptionId: string;
  planCategory: PlanCategory;
  planCode: string;
  planName: string;
  status: SubscriptionStatus;
  limits: PlanLimits;
  addons: SubscriptionAddon[];
  /** End of the period paid for (or of the trial), ISO timestamp. */
  currentPeriodEnd: string;
  trialEndsAt: string | null;
  startedAt: string;
}

/** `GET billing/subscription/status`: the caller's subscription, `null` when it has none (a 200 either way). */
export interface SubscriptionLookup {
  subscription: Subscription | null;
}

/** A subscription to a catalogue plan, with the plan's terms copied in (what was sold is what stays). */
export function subscriptionToPlan(
  planCode: PlanCode,
  input: {
    subscriptionId: string;
    status: SubscriptionStatus;
    startedAt: string;
    currentPeriodEnd: string;
    trialEndsAt?: string | null;
    addons?: SubscriptionAddon[];
  },
): Subscription {
  const plan = plans[planCode];
  return {
    subscriptionId: input.subscriptionId,
    planCategory: plan.planCategory,
    planCode: plan.planCode,
    planName: plan.planName,
    status: input.status,
    limits: { ...plan.limits },
    addons: input.addons ?? [],
    currentPeriodEnd: input.currentPeriodEnd,
    trialEndsAt: input.trialEndsAt ?? null,
    startedAt: input.startedAt,
  };
}

// --- plan gates (pure; the web's menus and guards, spec part 1 §6 and part 3 §6) ---------------

/** The least a gate needs to know; the spec's minimal subscription shape fits. */
export interface PlanGateInput {
  planCode: string;
  planCategory?: PlanCategory;
  status?: SubscriptionStatus;
  limits?: Partial<PlanLimits>;
  addons?: readonly SubscriptionAddon[];
}

type MaybeSubscription = PlanGateInput | null | undefined;

const PAYROLL_ADDONS: readonly AddonType[] = ADDON_TYPES;

/** A suspended subscription unlocks nothing; trial and past-due (grace period) keep their features. */
const usable = (sub: MaybeSubscription): sub is PlanGateInput => !!sub && sub.status !== 'SUSPENDED';

/** Plan codes containing 'starter' hide Usuarios, Compartir con Clientes and Revisión de Documentos. */
export const isStarter = (sub: MaybeSubscription): boolean =>
  !!sub && sub.planCode.toLowerCase().includes('starter');

/** Accounting and payroll need the Professional plan (spec part 1 §9). */
export const isProfessional = (sub: MaybeSubscription): boolean =>
  !!sub && !isStarter(sub) && sub.planCode.toLowerCase().includes('professional');

export const hasAccounting = (sub: MaybeSubscription): boolean =>
  usable(sub) && (isProfessional(sub) || sub.limits?.accountingEnabled === true);

/** Payroll: the Professional plan, or an ACTIVE payroll add-on, or the plan limit payrollEnabled. */
export const hasPayroll = (sub: MaybeSubscription): boolean =>
  usable(sub) &&
  (isProfessional(sub) ||
    sub.limits?.payrollEnabled === true ||
    (sub.addons ?? []).some((a) => PAYROLL_ADDONS.includes(a.addonType) && a.status === 'ACTIVE'));

/** 'Gestión de Clientes' only for the ENTERPRISE plan category. */
export const isEnterprise = (sub: MaybeSubscription): boolean =>
  !!sub && (sub.planCategory === 'ENTERPRISE' || sub.planCode.toUpperCase().startsWith('ENTERPRISE'));

/** The add-ons a plan category may contract. */
export const addonsFor = (category: PlanCategory): Addon[] =>
  ADDON_TYPES.map((t) => addons[t]).filter((a) => a.availableFor.includes(category));
