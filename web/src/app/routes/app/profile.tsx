import { LoadError, LoadingBlock } from '@web/components/load-states';
import { ChangePasswordForm } from '@web/features/profile/components/change-password-form';
import { LogOutEverywhere } from '@web/features/profile/components/log-out-everywhere';
import { PendingInvitations } from '@web/features/profile/components/pending-invitations';
import { ProfileDetails } from '@web/features/profile/components/profile-details';
import { useProfile } from '@web/lib/profile';
import { Col, Flex, Row } from 'antd';

export default function ProfileRoute() {
  const profile = useProfile();
  return (
    <Flex vertical gap={16}>
      <h1 style={{ fontSize: 24, fontWeight: 600, margin: 0 }}>Mi perfil</h1>
      <PendingInvitations />
      {profile.isPending ? (
        <LoadingBlock label="Cargando perfil" />
      ) : profile.isError ? (
        <LoadError
          title="No se ha podido cargar tu perfil"
          error={profile.error}
          onRetry={() => void profile.refetch()}
        />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <ProfileDetails profile={profile.data} />
          </Col>
          <Col xs={24} lg={12}>
            <ChangePasswordForm />
          </Col>
        </Row>
      )}
      <LogOutEverywhere />
    </Flex>
  );
}
