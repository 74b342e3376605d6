/**
 * Billing contracts (spec part 3 §3 "Billing and add-ons", part 1 §6 plan rules): the plan and
 * add-on catalogue as data, the subscription a user pays for, and the pure plan gates the web uses
 * for menus, guards ('Funcionalidad Premium') and the pricing page.
 *
 * Prices are integer céntimos per month, VAT (IVA) NOT included: the 21 % general rate is added
 * on the invoice (Ley 37/1992 art. 90), never baked into these figures.
 */

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
  /** What the plan includes, in Spanish, for the pricing page. */
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

const BASE_FEATURES = [
  'Facturación emitida y recibida con VeriFacTu',
  'Modelos de la AEAT y calendario fiscal con avisos',
  'Documentos con lectura automática (OCR)',
];

export const plans: Record<PlanCode, Plan> = {
  STANDARD_STARTER: {
    planCode: 'STANDARD_STARTER',
    planCategory: 'STANDARD',
    tier: 'STARTER',
    planName: 'Autónomo Starter',
    audience: 'Para autónomos que llevan su actividad sin gestor.',
    monthlyPriceCents: 1_500,
    trialDays: 30,
    limits: { payrollEnabled: false, maxCompanies: 1, maxUsers: 1, accountingEnabled: false },
    features: [...BASE_FEATURES, 'Modelos 130 y 303 calculados con tus facturas'],
    highlighted: false,
  },
  STANDARD_PROFESSIONAL: {
    planCode: 'STANDARD_PROFESSIONAL',
    planCategory: 'STANDARD',
    tier: 'PROFESSIONAL',
    planName: 'Empresa Professional',
    audience: 'Para sociedades (SL, SA, CB, SC) que quieren la contabilidad y las nóminas al día.',
    monthlyPriceCents: 4_900,
    trialDays: 30,
    limits: { payrollEnabled: true, maxCompanies: 1, maxUsers: 10, accountingEnabled: true },
    features: [
      ...BASE_FEATURES,
      'Contabilidad según el PGC: diario, balance y cuenta de resultados',
      'Nóminas y seguros sociales',
      'Conciliación bancaria',
    ],
    highlighted: true,
  },
  GESTORIA_STARTER: {
    planCode: 'GESTORIA_STARTER',
    planCategory: 'GESTORIA',
    tier: 'STARTER',
    planName: 'Gestoría Starter',
    audience: 'Para despachos pequeños que empiezan a trabajar con sus clientes en línea.',
    monthlyPriceCents: 7_900,
    trialDays: 30,
    limits: { payrollEnabled: false, maxCompanies: 25, maxUsers: 2, accountingEnabled: false },
    features: [...BASE_FEATURES, 'Hasta 25 empresas cliente', 'Portal del cliente'],
    highlighted: false,
  },
  GESTORIA_PROFESSIONAL: {
    planCode: 'GESTORIA_PROFESSIONAL',
    planCategory: 'GESTORIA',
    tier: 'PROFESSIONAL',
    planName: 'Gestoría Professional',
    audience: 'Para gestorías con equipo que llevan la contabilidad y las nóminas de sus clientes.',
    monthlyPriceCents: 19_900,
    trialDays: 30,
    limits: { payrollEnabled: true, maxCompanies: 150, maxUsers: 15, accountingEnabled: true },
    features: [
      ...BASE_FEATURES,
      'Hasta 150 empresas cliente',
      'Contabilidad y nóminas de todos tus clientes',
      'Usuarios del despacho, revisión de documentos y compartir con clientes',
    ],
    highlighted: true,
  },
  ENTERPRISE_PROFESSIONAL: {
    planCode: 'ENTERPRISE_PROFESSIONAL',
    planCategory: 'ENTERPRISE',
    tier: 'PROFESSIONAL',
    planName: 'Enterprise',
    audience: 'Para grupos de empresas y grandes despachos: sin límites y con gestión de clientes.',
    monthlyPriceCents: 49_900,
    trialDays: 0,
    limits: { payrollEnabled: true, maxCompanies: null, maxUsers: null, accountingEnabled: true },
    features: [
      ...BASE_FEATURES,
      'Empresas y usuarios ilimitados',
      'Contabilidad, nóminas y SII',
      'Gestión de clientes y análisis de rentabilidad',
      'Soporte prioritario',
    ],
    highlighted: false,
  },
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
