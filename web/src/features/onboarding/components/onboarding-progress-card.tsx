import RocketOutlined from '@ant-design/icons/RocketOutlined';
import { Button, Card, Flex, Progress } from 'antd';
import { openOnboarding, useOnboardingState } from '../onboarding-store';

/** The dashboard's onboarding card: how far the user is, and a button to reopen the dialog. */
export function OnboardingProgressCard() {
  const { progress } = useOnboardingState();
  if (!progress) return null;
  if (progress.isCompleted) {
    return (
      <Card title="Configuración de la cuenta">
        <Progress percent={100} status="success" aria-label="Progreso de la configuración" />
        <p style={{ margin: '8px 0 0' }}>Has completado la configuración inicial.</p>
      </Card>
    );
  }
  return (
    <Card title="Configuración de la cuenta">
      <Flex vertical gap={12}>
        <Progress percent={progress.progressPercentage} aria-label="Progreso de la configuración" />
        <span>
          Llevas {progress.completedSteps.length + progress.skippedSteps.length} de {progress.totalSteps}{' '}
          pasos
          {progress.estimatedTimeRemaining > 0
            ? `; te quedan unos ${progress.estimatedTimeRemaining} minutos.`
            : '.'}
        </span>
        <div>
          <Button type="primary" icon={<RocketOutlined />} onClick={openOnboarding}>
            Continuar configuración
          </Button>
        </div>
      </Flex>
    </Card>
  );
}
