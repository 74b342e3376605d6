import { formatEsDecimal, formatEsInteger } from '@shared/fiscal/money';
import type { VerifactuUsage } from '@shared/schemas/verifactu';
import { Alert, Flex, Progress } from 'antd';
import { DEFAULT_PLAN_NAME, periodLabel, USAGE_MESSAGES, usageLevel, usagePercent } from '../utils/usage';

/** 80.5 → `80,5`, 1250 → `1.250`: the shared es-ES writer (Intl leaves `1250` ungrouped). */
const percentText = (percent: number): string =>
  formatEsDecimal(Math.round(percent * 10), 1, { trimZeros: true });

/** The month's submissions against the plan's limit: warning above 80 %, exceeded above 100 %. */
export function UsageMeter({ usage }: { usage: VerifactuUsage }) {
  const level = usageLevel(usage);
  const percent = usagePercent(usage);
  const message = USAGE_MESSAGES[level];
  return (
    <Flex vertical gap={8} aria-label="Uso de VeriFacTu">
      <span>
        {formatEsInteger(usage.currentUsage)} de {formatEsInteger(usage.limit)} envíos en{' '}
        {periodLabel(usage.period)}
        {' · '}
        {usage.planName || DEFAULT_PLAN_NAME}
      </span>
      <Progress
        percent={Math.min(100, percent)}
        format={() => `${percentText(percent)} %`}
        status={level === 'EXCEEDED' ? 'exception' : 'normal'}
        strokeColor={level === 'WARNING' ? '#faad14' : undefined}
        aria-label={`Uso del ${percentText(percent)} %`}
      />
      {message ? (
        <Alert type={level === 'EXCEEDED' ? 'error' : 'warning'} showIcon title={message} role="alert" />
      ) : null}
    </Flex>
  );
}
