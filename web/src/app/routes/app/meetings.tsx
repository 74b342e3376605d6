/**
 * /app/meetings (issue 20): the meetings between clients and their gestoría. A client requests one
 * here or from its dashboard and answers a proposed time; the company's staff confirm, propose another
 * time, cancel, and record the outcome. `?id=` (a notification's link) opens that meeting first.
 */
import CalendarOutlined from '@ant-design/icons/CalendarOutlined';
import { MeetingModal } from '@web/features/meetings/components/meeting-modal';
import { MeetingsList } from '@web/features/meetings/components/meetings-list';
import { callerOf, canCall } from '@web/lib/access';
import { useOptionalAuthUser } from '@web/lib/auth';
import { useCompanyId, useCompanyMembership } from '@web/lib/company';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

export default function MeetingsRoute() {
  const companyId = useCompanyId();
  const user = useOptionalAuthUser();
  const membership = useCompanyMembership();
  const [search] = useSearchParams();
  const [requesting, setRequesting] = useState(false);
  if (!companyId) return null;
  // Staff (OWNER, GESTOR, an administrator) answer for the company; a client answers its own.
  const isStaff = membership.data
    ? canCall('meetings.confirm', callerOf(user?.role ?? null, membership.data))
    : false;
  return (
    <Flex vertical gap={16}>
      <Flex wrap align="center" justify="space-between" gap={12}>
        <h1 style={{ fontSize: 24, fontWeight: 600, margin: 0 }}>Reuniones</h1>
        {isStaff ? null : (
          <Button type="primary" icon={<CalendarOutlined />} onClick={() => setRequesting(true)}>
            Agendar reunión
          </Button>
        )}
      </Flex>
      <MeetingsList
        companyId={companyId}
        viewer={{ userId: user?.userId ?? null, isStaff }}
        highlightId={search.get('id')}
      />
      <MeetingModal open={requesting} onClose={() => setRequesting(false)} companyId={companyId} />
    </Flex>
  );
}
