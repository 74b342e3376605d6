/**
 * Contracts of the onboarding domain (spec part 1 §3, §4, §7) and its step catalogues, as data:
 * one guided flow per role (ADMIN, GESTOR, CLIENTE) plus a variant for the autónomo without advisor
 * (a CLIENTE flagged isAutonomous), who runs a business of its own rather than a client portal.
 * The web reads the same catalogue for the dialog, so a step is described once, here.
 */

import * as z from 'zod';
import { ROLES, type Role } from '../api/routes';

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

export const onboardingCatalogue: Record<OnboardingFlow, readonly OnboardingStep[]> = {
  GESTOR: [
    step({
      stepId: 'gestor-welcome',
      type: 'WELCOME',
      title: 'Te damos la bienvenida a Cuadra',
      description:
        'Tu despacho en un solo lugar: las empresas y autónomos que asesoras, sus facturas, sus impuestos y sus documentos.',
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
        'Cada empresa cliente tiene su NIF, su forma jurídica y su régimen fiscal. De ellos dependen los modelos que presentarás.',
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
        'Tus clientes pueden consultar sus facturas e impuestos y subirte documentos sin enviarte correos.',
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
        'El panel reúne lo urgente: avisos, vencimientos próximos y el estado de cada empresa que gestionas.',
      instructions:
        'Usa el selector de empresa de la cabecera para cambiar de cliente; la campana muestra tus últimas notificaciones.',
      iconName: 'CompassOutlined',
      actionUrl: '/app/dashboard',
      isOptional: true,
      estimatedMinutes: 2,
    }),
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
    completionStep(
      'gestor',
      'Tu despacho está listo. Empieza por la empresa que tenga el próximo vencimiento.',
    ),
  ],

  CLIENTE: [
    step({
      stepId: 'cliente-welcome',
      type: 'WELCOME',
      title: 'Te damos la bienvenida a Cuadra',
      description:
        'Tu gestoría te ha dado acceso a tu empresa: aquí ves tus facturas, tus impuestos y los documentos que compartís.',
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
      description:
        'La campana de la cabecera te avisa cuando tu gestoría comparte un documento o necesita algo.',
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
        'Tu gestoría presenta tus impuestos. Tú solo tienes que tener al día tus facturas y los documentos que te pida.',
      instructions:
        'Sube los justificantes en cuanto los tengas: cuanto antes los reciba tu gestoría, antes cierra cada trimestre.',
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
        'Tu actividad en un solo lugar: facturas, gastos, impuestos trimestrales y documentos, sin depender de hojas de cálculo.',
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
        'Tu NIF, tu dirección fiscal y tu epígrafe del IAE aparecen en cada factura que emites y deciden tus modelos.',
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
      description: 'El panel te muestra tus avisos y lo que vence pronto.',
      instructions: 'La campana de la cabecera reúne tus notificaciones; tu perfil, en el menú de usuario.',
      iconName: 'CompassOutlined',
      actionUrl: '/app/dashboard',
      isOptional: true,
      estimatedMinutes: 2,
    }),
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
      description:
        'Las incidencias de envíos a la AEAT, del buzón inteligente y del OCR llegan a tu campana.',
      instructions: 'Revisa las notificaciones a diario y resuelve primero las críticas.',
      iconName: 'BellOutlined',
      actionUrl: '/app/notifications',
      isOptional: true,
      estimatedMinutes: 1,
    }),
    completionStep('admin', 'Todo listo para administrar Cuadra.'),
  ],
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
