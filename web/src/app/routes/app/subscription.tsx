import { SubscriptionOverview } from '@web/features/subscription/components/subscription-overview';
import { Flex } from 'antd';

export default function SubscriptionRoute() {
  return (
    <Flex vertical gap={16}>
      <h1 style={{ fontSize: 24, fontWeight: 600, margin: 0 }}>Suscripción</h1>
      <SubscriptionOverview />
    </Flex>
  );
}
