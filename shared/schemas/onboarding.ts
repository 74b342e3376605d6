/**
 * Contracts of the onboarding domain (spec part 1 §3, §4, §7) and its step catalogues, as data:
 * one guided flow per role (ADMIN, GESTOR, CLIENTE) plus a variant for the autónomo without advisor
 * (a CLIENTE flagged isAutonomous), who runs a business of its own rather than a client portal.
 * The web reads the same catalogue for the dialog, so a step is described once, here.
 */

import * as z from 'zod';
import { ROLES, type Role } from '../api/routes';
import { availableClaims, type Capability, claimTexts, spanishList } from '../capabilities';

// --- steps ----------------------------------------------------------------------------------------

export const ONBOARDING_STEP_TYPES = ['WELCOME', 'PROFILE', 'TOUR', 'ACTION', 'INFO', 'COMPLETION'] as const;
export type OnboardingStepType = (typeof ONBOARDING_STEP_TYPES)[number];

/** The colour of a step by its type (spec part 3 §8 "Onboarding step colours by type"). */
export const ONBOARDING_STEP_COLORS: Record<OnboardingStepType, string> = {
  WELCOME: '#3b82f6',
  PROFILE: '#10b981',
  TOUR: '#8b5cf6',
  ACTION: '#f59e0b',
  INFO: '#06b6d4',
  COMPLETION: '#10b981',
};

/** A step of the onboarding dialog (spec part 1 §3 "Onboarding step"). */
export interface OnboardingStep {
  stepId: string;
  type: OnboardingStepType;
  title: string;
  description: string;
  instructions: string;
  /** Name of an @ant-design/icons component, e.g. `UserOutlined`. */
  iconName: string;
  /** `#rrggbb`, by type (`ONBOARDING_STEP_COLORS`). */
  primaryColor: string;
  /** SPA path the step's button opens; null when the step only informs. */
  actionUrl: string | null;
  /** Only optional steps may be skipped ('Omitir este paso'). */
  isOptional: boolean;
  /** What the user is expected to do on the step, as codes (informative: nothing enforces them). */
  requiredActions: string[];
  metadata: Record<string, string>;
  /** Minutes the step usually takes; `estimatedTimeRemaining` of the progress adds them up. */
  estimatedMinutes: number;
}

/**
 * The flows: one per role, and AUTONOMO for a CLIENTE without advisor. Which flow a user gets is
 * `onboardingFlowFor(role, isAutonomous)`.
 */
export const ONBOARDING_FLOWS = ['ADMIN', 'GESTOR', 'CLIENTE', 'AUTONOMO'] as const;
export type OnboardingFlow = (typeof ONBOARDING_FLOWS)[number];

export const onboardingFlowFor = (role: Role, isAutonomous: boolean): OnboardingFlow =>
  role === 'CLIENTE' && isAutonomous ? 'AUTONOMO' : role;

type StepInput = Omit<OnboardingStep, 'primaryColor' | 'metadata' | 'requiredActions' | 'isOptional'> &
  Partial<Pick<OnboardingStep, 'metadata' | 'requiredActions' | 'isOptional'>>;

const step = (s: StepInput): OnboardingStep => ({
  ...s,
  primaryColor: ONBOARDING_STEP_COLORS[s.type],
  isOptional: s.isOptional ?? false,
  requiredActions: s.requiredActions ?? [],
  metadata: s.metadata ?? {},
});

const profileStep = (flow: string, detail: string) =>
  step({
    stepId: `${flow}-profile`,
    type: 'PROFILE',
    title: 'Completa tu perfil',
    description: 'Tu nombre y tu teléfono aparecen en los avisos y en lo que compartes con otros usuarios.',
    instructions: `Abre tu perfil, revisa tu nombre y apellidos y añade un teléfono de contacto. ${detail}`,
    iconName: 'UserOutlined',
    actionUrl: '/app/profile',
    requiredActions: ['COMPLETE_PROFILE'],
    metadata: { section: 'perfil' },
    estimatedMinutes: 2,
  });

const completionStep = (flow: string, description: string) =>
  step({
    stepId: `${flow}-done`,
    type: 'COMPLETION',
    title: '¡Listo!',
    description,
    instructions:
      'Puedes volver a ver esta guía cuando quieras desde tu perfil. Si necesitas ayuda, consulta el centro de ayuda.',
    iconName: 'CheckCircleOutlined',
    actionUrl: '/app/dashboard',
    estimatedMinutes: 1,
  });

/**
 * A step shown only when the areas it talks about work (shared/capabilities.ts); `needs` is not
 * part of the step the API answers.
 */
type CatalogueEntry = OnboardingStep & { needs?: readonly Capability[] };

const only = (needs: readonly Capability[], s: OnboardingStep): CatalogueEntry => ({ ...s, needs });

/** The flow's steps whose areas all work, without the catalogue's bookkeeping. */
const shownSteps = (entries: readonly CatalogueEntry[]): readonly OnboardingStep[] =>
  availableClaims(entries.map((entry) => ({ ...entry, needs: entry.needs ?? [] }))).map(
    ({ needs: _needs, ...s }) => s,
  );

/** What the admin's bell gathers, by the areas that exist. */
const adminIncidents = spanishList(
  claimTexts([
    { text: 'los envíos a la AEAT de VeriFacTu', needs: ['verifactu'] },
    { text: 'los envíos al SII', needs: ['sii'] },
    { text: 'el buzón inteligente', needs: ['smartInbox'] },
    { text: 'la lectura automática de documentos (OCR)', needs: ['ocr'] },
  ]),
);

const catalogue: Record<OnboardingFlow, readonly CatalogueEntry[]> = {
  GESTOR: [
    step({
      stepId: 'gestor-welcome',
      type: 'WELCOME',
      title: 'Te damos la bienvenida a Cuadra',
      description:
        'Tu despacho en un solo lugar: las empresas y autónomos que asesoras, sus facturas emitidas y recibidas, sus clientes y proveedores y su VeriFacTu.',
      instructions:
        'En unos minutos dejamos tu cuenta lista. Puedes omitir los pasos opcionales y retomarlos más adelante.',
      iconName: 'SmileOutlined',
      actionUrl: null,
      estimatedMinutes: 1,
    }),
    profileStep('gestor', 'Tus clientes verán el nombre de tu gestoría en sus avisos.'),
    step({
      stepId: 'gestor-companies',
      type: 'ACTION',
      title: 'Revisa tus empresas cliente',
      description:
        'Cada empresa cliente tiene su NIF, su forma jurídica, su dirección fiscal y su régimen de IVA. Sus facturas los llevan impresos.',
      instructions:
        'Abre la lista de empresas, comprueba los datos de cada una y da de alta las que falten con el botón «Nueva empresa».',
      iconName: 'BankOutlined',
      actionUrl: '/app/companies',
      requiredActions: ['REVIEW_COMPANIES'],
      metadata: { section: 'empresas' },
      estimatedMinutes: 3,
    }),
    step({
      stepId: 'gestor-invite-clients',
      type: 'ACTION',
      title: 'Invita a tus clientes',
      description:
        'Tus clientes pueden entrar con su propio usuario y consultar las facturas emitidas de su empresa, con su PDF.',
      instructions:
        'En la ficha de una empresa, abre «Usuarios» y pulsa «Invitar». Tu cliente recibirá un enlace para activar su cuenta.',
      iconName: 'UserAddOutlined',
      actionUrl: '/app/companies',
      isOptional: true,
      requiredActions: ['INVITE_CLIENT'],
      metadata: { section: 'usuarios' },
      estimatedMinutes: 3,
    }),
    step({
      stepId: 'gestor-tour',
      type: 'TOUR',
      title: 'Recorrido por el panel',
      description:
        'El panel reúne lo importante de tus empresas: el resumen del mes, las alertas, las próximas obligaciones y el estado de VeriFacTu o del SII; con varias empresas, el estado de cada una.',
      instructions:
        'Usa el selector de empresa de la cabecera para cambiar de cliente; la campana muestra tus últimas notificaciones.',
      iconName: 'CompassOutlined',
      actionUrl: '/app/dashboard',
      isOptional: true,
      estimatedMinutes: 2,
    }),
    only(
      ['fiscalCalendar', 'taxModels', 'emailDigest'],
      step({
        stepId: 'gestor-fiscal-calendar',
        type: 'INFO',
        title: 'Calendario fiscal',
        description:
          'Cuadra te avisa de cada plazo de la AEAT de tus clientes: IVA (303), retenciones (111, 115), pagos fraccionados (130) y resúmenes anuales (390, 190, 180).',
        instructions:
          'Los avisos llegan a tu campana y a tu email unos días antes de cada plazo. Puedes ajustar la antelación en la configuración de cada empresa.',
        iconName: 'CalendarOutlined',
        actionUrl: null,
        isOptional: true,
        metadata: { section: 'impuestos' },
        estimatedMinutes: 1,
      }),
    ),
    only(
      ['verifactu'],
      step({
        stepId: 'gestor-verifactu',
        type: 'INFO',
        title: 'VeriFacTu de tus clientes',
        description:
          'Cada factura que confirma una empresa cliente genera su registro encadenado y su código QR, y se envía a la AEAT cuando la empresa tiene VeriFacTu configurado.',
        instructions:
          'En VeriFacTu ves el estado de los envíos de la empresa seleccionada y los registros rechazados, con el motivo para corregirlos.',
        iconName: 'SafetyCertificateOutlined',
        actionUrl: null,
        isOptional: true,
        metadata: { section: 'verifactu' },
        estimatedMinutes: 1,
      }),
    ),
    completionStep(
      'gestor',
      'Tu despacho está listo. Empieza por revisar los datos de tus empresas cliente.',
    ),
  ],

  CLIENTE: [
    step({
      stepId: 'cliente-welcome',
      type: 'WELCOME',
      title: 'Te damos la bienvenida a Cuadra',
      description:
        'Tu gestoría te ha dado acceso a tu empresa: aquí consultas las facturas emitidas de tu empresa, con su PDF.',
      instructions: 'Te enseñamos lo básico en un par de minutos.',
      iconName: 'SmileOutlined',
      actionUrl: null,
      estimatedMinutes: 1,
    }),
    profileStep('cliente', 'Así tu gestoría sabe cómo contactarte.'),
    step({
      stepId: 'cliente-company',
      type: 'ACTION',
      title: 'Conoce tu empresa',
      description: 'Comprueba que los datos de tu empresa son correctos: nombre, NIF y dirección.',
      instructions:
        'Abre tu empresa en la lista. Si algún dato no es correcto, avisa a tu gestoría para que lo corrija.',
      iconName: 'BankOutlined',
      actionUrl: '/app/companies',
      requiredActions: ['REVIEW_COMPANY'],
      estimatedMinutes: 2,
    }),
    step({
      stepId: 'cliente-notifications',
      type: 'TOUR',
      title: 'Tus avisos',
      description: 'La campana de la cabecera reúne los avisos de tu empresa.',
      instructions: 'Abre las notificaciones para ver el historial completo y marcarlas como leídas.',
      iconName: 'BellOutlined',
      actionUrl: '/app/notifications',
      isOptional: true,
      estimatedMinutes: 1,
    }),
    step({
      stepId: 'cliente-advisor',
      type: 'INFO',
      title: 'Cómo trabajas con tu gestoría',
      description:
        'Tu gestoría lleva la gestión de tu empresa. Si ves algún dato que no es correcto, avísala para que lo corrija.',
      instructions: 'Cuanto antes tenga tu gestoría lo que te pida, antes cierra cada trimestre.',
      iconName: 'TeamOutlined',
      actionUrl: null,
      isOptional: true,
      estimatedMinutes: 1,
    }),
    completionStep('cliente', 'Ya puedes consultar tu empresa en Cuadra.'),
  ],

  AUTONOMO: [
    step({
      stepId: 'autonomo-welcome',
      type: 'WELCOME',
      title: 'Te damos la bienvenida a Cuadra',
      description:
        'Tu actividad en un solo lugar: facturas con VeriFacTu, gastos, clientes y proveedores, sin depender de hojas de cálculo.',
      instructions:
        'Dejamos tu cuenta lista en unos minutos. Los pasos opcionales puedes hacerlos más tarde.',
      iconName: 'SmileOutlined',
      actionUrl: null,
      estimatedMinutes: 1,
    }),
    profileStep('autonomo', 'Tus datos de contacto aparecen en tus facturas.'),
    step({
      stepId: 'autonomo-activity',
      type: 'ACTION',
      title: 'Revisa los datos de tu actividad',
      description:
        'Tu NIF y tu dirección fiscal aparecen en cada factura que emites: sin la dirección no puedes confirmar una factura completa.',
      instructions: 'Abre tu empresa, comprueba los datos fiscales y completa la dirección si falta.',
      iconName: 'IdcardOutlined',
      actionUrl: '/app/companies',
      requiredActions: ['REVIEW_COMPANY'],
      metadata: { section: 'empresa' },
      estimatedMinutes: 3,
    }),
    step({
      stepId: 'autonomo-tour',
      type: 'TOUR',
      title: 'Recorrido por el panel',
      description:
        'Mi Empresa te muestra el resumen del mes, tus alertas, tus próximas obligaciones y el estado de VeriFacTu.',
      instructions: 'La campana de la cabecera reúne tus notificaciones; tu perfil, en el menú de usuario.',
      iconName: 'CompassOutlined',
      actionUrl: '/app/dashboard',
      isOptional: true,
      estimatedMinutes: 2,
    }),
    // Its text speaks of computing the 130 too: it waits for the income-tax models (issue 15).
    only(
      ['fiscalCalendar', 'taxModels', 'incomeTaxModels'],
      step({
        stepId: 'autonomo-fiscal-calendar',
        type: 'INFO',
        title: 'Tus impuestos de autónomo',
        description:
          'Cada trimestre presentas el IVA (modelo 303) y el pago fraccionado del IRPF (modelo 130); en enero, el resumen anual de IVA (390).',
        instructions:
          'Cuadra calcula los modelos con tus facturas y gastos y te avisa antes de cada plazo: 20 de abril, julio y octubre, y 30 de enero.',
        iconName: 'CalendarOutlined',
        actionUrl: null,
        isOptional: true,
        metadata: { section: 'impuestos' },
        estimatedMinutes: 1,
      }),
    ),
    only(
      ['invoicing'],
      step({
        stepId: 'autonomo-first-invoice',
        type: 'ACTION',
        title: 'Tu primera factura',
        description:
          'Crea la factura con tu cliente y sus conceptos; Cuadra calcula el IVA y la retención de IRPF y numera la factura al confirmarla.',
        instructions: 'Abre «Nueva factura», elige o escribe el cliente y añade las líneas.',
        iconName: 'FileAddOutlined',
        actionUrl: '/app/invoices/create',
        isOptional: true,
        metadata: { section: 'facturas' },
        estimatedMinutes: 1,
      }),
    ),
    completionStep('autonomo', 'Tu cuenta está lista. Ya puedes llevar tu actividad desde Cuadra.'),
  ],

  ADMIN: [
    step({
      stepId: 'admin-welcome',
      type: 'WELCOME',
      title: 'Te damos la bienvenida a la administración de Cuadra',
      description: 'Como administrador ves todas las empresas y usuarios de la plataforma.',
      instructions: 'Repasa lo esencial; los pasos opcionales puedes omitirlos.',
      iconName: 'SafetyCertificateOutlined',
      actionUrl: null,
      estimatedMinutes: 1,
    }),
    profileStep('admin', 'Los usuarios verán tu nombre en las respuestas de soporte.'),
    step({
      stepId: 'admin-companies',
      type: 'ACTION',
      title: 'Empresas de la plataforma',
      description: 'La lista de empresas incluye las de todas las gestorías y autónomos.',
      instructions: 'Busca por nombre o NIF y abre cualquier empresa para revisar sus datos y sus usuarios.',
      iconName: 'BankOutlined',
      actionUrl: '/app/companies',
      requiredActions: ['REVIEW_COMPANIES'],
      estimatedMinutes: 2,
    }),
    step({
      stepId: 'admin-users',
      type: 'TOUR',
      title: 'Usuarios',
      description: 'Consulta quién usa la plataforma y con qué rol: administradores, gestores y clientes.',
      instructions: 'Abre «Usuarios» para ver el directorio.',
      iconName: 'TeamOutlined',
      actionUrl: '/app/users',
      isOptional: true,
      estimatedMinutes: 2,
    }),
    step({
      stepId: 'admin-notifications',
      type: 'INFO',
      title: 'Avisos del sistema',
      description: `Las incidencias de ${adminIncidents} llegan a tu campana.`,
      instructions: 'Revisa las notificaciones a diario y resuelve primero las críticas.',
      iconName: 'BellOutlined',
      actionUrl: '/app/notifications',
      isOptional: true,
      estimatedMinutes: 1,
    }),
    completionStep('admin', 'Todo listo para administrar Cuadra.'),
  ],
};

export const onboardingCatalogue: Record<OnboardingFlow, readonly OnboardingStep[]> = {
  GESTOR: shownSteps(catalogue.GESTOR),
  CLIENTE: shownSteps(catalogue.CLIENTE),
  AUTONOMO: shownSteps(catalogue.AUTONOMO),
  ADMIN: shownSteps(catalogue.ADMIN),
};

/** The step with this id, in whichever flow it is. */
export function findOnboardingStep(stepId: string): OnboardingStep | undefined {
  for (const flow of ONBOARDING_FLOWS) {
    const found = onboardingCatalogue[flow].find((s) => s.stepId === stepId);
    if (found) return found;
  }
  return undefined;
}

// --- requests -------------------------------------------------------------------------------------

const RoleSchema = z.enum(ROLES, { message: 'El rol no es válido.' });

/** `POST initialize?userRole=`: the caller's role when absent. */
export const InitializeOnboardingQuery = z.object({ userRole: RoleSchema.optional() });
export type InitializeOnboardingQuery = z.infer<typeof InitializeOnboardingQuery>;

/** `GET steps?role=`: a role, or the autónomo variant; the caller's own flow when absent. */
export const OnboardingStepsQuery = z.object({
  role: z.enum(ONBOARDING_FLOWS, { message: 'El rol no es válido.' }).optional(),
});
export type OnboardingStepsQuery = z.infer<typeof OnboardingStepsQuery>;

export const OnboardingStepPath = z.object({
  stepId: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9-]+$/, { message: 'El paso no existe.' }),
});
export type OnboardingStepPath = z.infer<typeof OnboardingStepPath>;

export const OnboardingPreferences = z
  .object({
    showTips: z.boolean({ message: 'showTips debe ser verdadero o falso.' }),
    emailReminders: z.boolean({ message: 'emailReminders debe ser verdadero o falso.' }),
  })
  .strict();
export type OnboardingPreferences = z.infer<typeof OnboardingPreferences>;

export const DEFAULT_ONBOARDING_PREFERENCES: OnboardingPreferences = { showTips: true, emailReminders: true };

// --- responses ------------------------------------------------------------------------------------

/** Every onboarding mutation answers this (spec part 1 §3 "Onboarding progress"). */
export interface OnboardingProgress {
  isCompleted: boolean;
  /** stepId of the step the dialog shows. */
  currentStep: string;
  /** stepId after the current one; null on the last step. */
  nextStep: string | null;
  /** Zero-based index of `currentStep`; the last step is `totalSteps - 1`. */
  stepProgress: number;
  totalSteps: number;
  /** Completed plus skipped steps over the total, 0-100, rounded; 100 once completed. */
  progressPercentage: number;
  /** Minutes of the steps neither completed nor skipped (their `estimatedMinutes`). */
  estimatedTimeRemaining: number;
  completedSteps: string[];
  skippedSteps: string[];
  role: Role;
  flow: OnboardingFlow;
  preferences: OnboardingPreferences;
  startedAt: string;
  completedAt: string | null;
  updatedAt: string;
}

export interface OnboardingCheck {
  needsOnboarding: boolean;
}

export interface OnboardingStats {
  completedSteps: number;
  skippedSteps: number;
  totalSteps: number;
  startedAt: string;
  completedAt: string | null;
  /** From the start (or the last restart) until completion, or until now while not completed. */
  timeSpentMinutes: number;
}
