import {
  findOnboardingStep,
  ONBOARDING_STEP_COLORS,
  type OnboardingProgress,
  type OnboardingStepType,
} from '@shared/schemas/onboarding';
import { isApiError } from '@web/lib/api-error';
import { toast } from '@web/lib/toast';
import { Button, Flex, Modal, Progress, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { completeOnboarding } from '../api/complete-onboarding';
import { completeOnboardingStep } from '../api/complete-step';
import { skipOnboardingStep } from '../api/skip-step';
import { closeOnboarding, dismissOnboarding, setOnboardingProgress } from '../onboarding-store';
import { StepIcon } from './step-icon';

export const STEP_TYPE_LABELS: Record<OnboardingStepType, string> = {
  WELCOME: 'Bienvenida',
  PROFILE: 'Perfil',
  TOUR: 'Recorrido',
  ACTION: 'Acción',
  INFO: 'Información',
  COMPLETION: 'Finalización',
};

/** Spec part 1 §8: the fallbacks when the server gives no message. */
export const ONBOARDING_ERRORS = {
  initialize: 'Error inicializando onboarding',
  completeStep: 'Error completando paso',
  skipStep: 'Error omitiendo paso',
  next: 'Error avanzando paso',
  complete: 'Error completando onboarding',
  restart: 'Error reiniciando onboarding',
  preferences: 'Error actualizando preferencias',
} as const;

export function toastOnboardingError(error: unknown, fallback: string): void {
  if (isApiError(error) && error.message) toast.error(error.message, { title: fallback });
  else toast.error(fallback);
}

type Busy = 'next' | 'skip' | 'finish' | null;

/**
 * The onboarding dialog (spec part 1 §4): the current step with its type colour and icon, title,
 * description, instructions and a link to where it happens; 'Omitir este paso' only on optional
 * steps; 'Siguiente', or 'Finalizar configuración' on the last step; a progress bar; closable.
 */
export function OnboardingDialog({ progress, userId }: { progress: OnboardingProgress; userId: string }) {
  const [busy, setBusy] = useState<Busy>(null);
  const step = findOnboardingStep(progress.currentStep);
  const isLast = progress.stepProgress >= progress.totalSteps - 1;
  const color = step?.primaryColor ?? (step ? ONBOARDING_STEP_COLORS[step.type] : '#3b82f6');

  const run = async (
    kind: Exclude<Busy, null>,
    call: () => Promise<OnboardingProgress>,
    fallback: string,
  ) => {
    setBusy(kind);
    try {
      const next = await call();
      setOnboardingProgress(next, userId);
      if (next.isCompleted) toast.success('¡Configuración completada! Ya tienes Cuadra listo para trabajar.');
    } catch (error) {
      toastOnboardingError(error, fallback);
    } finally {
      setBusy(null);
    }
  };

  const footer = (
    <Flex wrap justify="space-between" align="center" gap={8}>
      <span style={{ opacity: 0.7 }}>
        Paso {Math.min(progress.stepProgress + 1, progress.totalSteps)} de {progress.totalSteps}
        {progress.estimatedTimeRemaining > 0
          ? ` · unos ${progress.estimatedTimeRemaining} min restantes`
          : ''}
      </span>
      <Flex gap={8}>
        {step?.isOptional && !isLast ? (
          <Button
            loading={busy === 'skip'}
            disabled={busy !== null}
            onClick={() =>
              run('skip', () => skipOnboardingStep(progress.currentStep), ONBOARDING_ERRORS.skipStep)
            }
          >
            Omitir este paso
          </Button>
        ) : null}
        {isLast ? (
          <Button
            type="primary"
            loading={busy === 'finish'}
            disabled={busy !== null}
            onClick={() => run('finish', completeOnboarding, ONBOARDING_ERRORS.complete)}
          >
            Finalizar configuración
          </Button>
        ) : (
          <Button
            type="primary"
            loading={busy === 'next'}
            disabled={busy !== null}
            onClick={() =>
              run('next', () => completeOnboardingStep(progress.currentStep), ONBOARDING_ERRORS.completeStep)
            }
          >
            Siguiente
          </Button>
        )}
      </Flex>
    </Flex>
  );

  return (
    <Modal
      open
      title="Configura tu cuenta"
      onCancel={() => dismissOnboarding(userId)}
      footer={footer}
      width={560}
      mask={{ closable: false }}
    >
      <Flex vertical gap={16}>
        <Progress
          percent={progress.progressPercentage}
          strokeColor={color}
          aria-label="Progreso de la configuración"
        />
        {step ? (
          <Flex gap={16} align="start">
            <StepIcon iconName={step.iconName} color={color} />
            <Flex vertical gap={8} style={{ minWidth: 0 }}>
              <div>
                <Tag color={color}>{STEP_TYPE_LABELS[step.type]}</Tag>
                {step.isOptional ? <Tag>Opcional</Tag> : null}
              </div>
              <h2 style={{ margin: 0, fontSize: 20 }}>{step.title}</h2>
              <p style={{ margin: 0 }}>{step.description}</p>
              <p style={{ margin: 0, opacity: 0.8 }}>{step.instructions}</p>
              {step.actionUrl ? (
                <Link to={step.actionUrl} onClick={closeOnboarding}>
                  Ir a esta sección
                </Link>
              ) : null}
            </Flex>
          </Flex>
        ) : (
          <p style={{ margin: 0 }}>Continúa para completar la configuración de tu cuenta.</p>
        )}
      </Flex>
    </Modal>
  );
}
