import type { CompanyRole } from '@shared/db/records';
import type { PendingInvitation } from '@shared/schemas/identity';
import { LoadError } from '@web/components/load-states';
import { formatDate } from '@web/lib/format';
import { CLIENT_PERMISSION_LABELS } from '@web/lib/roles';
import { toast } from '@web/lib/toast';
import { Button, Card, Flex, List, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { type InvitationDecision, useAnswerInvitation } from '../api/answer-invitation';
import { useInvitations } from '../api/get-invitations';

/** Where the invitation e-mail and notification lead (`/app/profile#invitaciones`). */
export const INVITATIONS_ANCHOR = 'invitaciones';

const ROLE_LABELS: Record<CompanyRole, string> = {
  OWNER: 'Propietario',
  GESTOR: 'Gestor',
  CLIENTE: 'Cliente',
  MEMBER: 'Miembro',
};

/**
 * Invitations to companies waiting for the user's answer (issue #12 item 1): nobody joins a
 * company without accepting here. Shown only while there is something to answer.
 */
export function PendingInvitations() {
  const invitations = useInvitations();
  const answer = useAnswerInvitation();
  const { hash } = useLocation();
  const shown = (invitations.data?.length ?? 0) > 0;

  // The section appears after its data: scroll to it once it does when the link pointed at it.
  useEffect(() => {
    if (shown && hash === `#${INVITATIONS_ANCHOR}`)
      document.getElementById(INVITATIONS_ANCHOR)?.scrollIntoView?.({ block: 'start' });
  }, [shown, hash]);

  if (invitations.isPending) return null;
  if (invitations.isError)
    return (
      <LoadError
        title="No se han podido cargar tus invitaciones"
        error={invitations.error}
        onRetry={() => void invitations.refetch()}
      />
    );
  if (invitations.data.length === 0) return null;

  const onAnswer = (invitation: PendingInvitation, decision: InvitationDecision) =>
    answer.mutate(
      { invitationId: invitation.invitationId, decision },
      {
        onSuccess: () =>
          decision === 'accept'
            ? toast.success(`Te has unido a ${invitation.companyName}`)
            : toast.success('Invitación rechazada'),
        onError: (error) => toast.fromError(error, { title: 'No se ha podido responder a la invitación' }),
      },
    );
  const busy = (invitation: PendingInvitation) =>
    answer.isPending && answer.variables?.invitationId === invitation.invitationId;

  return (
    <Card id={INVITATIONS_ANCHOR} title="Invitaciones pendientes">
      <Typography.Paragraph type="secondary">
        No formarás parte de una empresa hasta que aceptes su invitación.
      </Typography.Paragraph>
      <List
        dataSource={invitations.data}
        rowKey="invitationId"
        renderItem={(invitation) => (
          <List.Item
            aria-label={`Invitación de ${invitation.companyName}`}
            actions={[
              <Button
                key="accept"
                type="primary"
                loading={busy(invitation)}
                disabled={answer.isPending}
                onClick={() => onAnswer(invitation, 'accept')}
              >
                Aceptar
              </Button>,
              <Button
                key="decline"
                disabled={answer.isPending}
                onClick={() => onAnswer(invitation, 'decline')}
              >
                Rechazar
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={invitation.companyName}
              description={
                <Flex vertical gap={4}>
                  <span>
                    <Tag>{ROLE_LABELS[invitation.companyRole]}</Tag>
                    {invitation.companyRole === 'CLIENTE'
                      ? invitation.permissions.map((p) => <Tag key={p}>{CLIENT_PERMISSION_LABELS[p]}</Tag>)
                      : null}
                  </span>
                  <span>Caduca el {formatDate(invitation.expiresAt)}</span>
                </Flex>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
