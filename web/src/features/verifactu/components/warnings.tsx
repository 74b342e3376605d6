import { Alert, Flex } from 'antd';
import type { VerifactuWarning } from '../utils/warnings';

/** The dashboard warnings, most severe first ('high' as an error, 'medium' as a warning). */
export function VerifactuWarnings({ warnings }: { warnings: VerifactuWarning[] }) {
  if (warnings.length === 0) return null;
  const sorted = [...warnings].sort((a, b) => (a.level === b.level ? 0 : a.level === 'high' ? -1 : 1));
  return (
    <Flex vertical gap={8}>
      {sorted.map((w) => (
        <Alert
          key={w.message}
          type={w.level === 'high' ? 'error' : 'warning'}
          showIcon
          title={w.message}
          description={w.detail}
        />
      ))}
    </Flex>
  );
}
