import type { VerifactuUsage } from '@shared/schemas/verifactu';
import { Alert, Flex, Progress } from 'antd';
import { DEFAULT_PLAN_NAME, periodLabel, USAGE_MESSAGES, usageLevel, usagePercent } from '../utils/usage';

const number = new Intl.NumberFormat('es-ES');

/** The month's submissions against the plan's limit: warning above 80 %, exceeded above 100 %. */
export function UsageMeter({ usage }: { usage: VerifactuUsage }) {
  const level = usageLevel(usage);
  const percent = usagePercent(usage);
  const message = USAGE_MESSAGES[level];
  return (
    <Flex vertical gap={8} aria-label="Uso de VeriFacTu">
      <span>
        {number.format(usage.currentUsage)} de {number.format(usage.limit)} envíos en{' '}
        {periodLabel(usage.period)}
        {' · '}
        {usage.planName || DEFAULT_PLAN_NAME}
      </span>
      <Progress
        percent={Math.min(100, percent)}
        format={() => `${number.format(percent)} %`}
        status={level === 'EXCEEDED' ? 'exception' : 'normal'}
        strokeColor={level === 'WARNING' ? '#faad14' : undefined}
        aria-label={`Uso del ${number.format(percent)} %`}
      />
      {message ? (
        <Alert type={level === 'EXCEEDED' ? 'error' : 'warning'} showIcon title={message} role="alert" />
      ) : null}
    </Flex>
  );
}
