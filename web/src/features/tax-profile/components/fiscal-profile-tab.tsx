/**
 * The company configuration's 'Perfil fiscal' tab (issue 13 item 1). Whether the company has a
 * profile is asked first (taxAssistant.status, which answers with or without one); without a profile
 * the assistant, or the full form when the person prefers to fill it in directly, and taxProfile.get
 * (404 CORE_006 without one, still handled) is not asked; with one, the profile form, the models it
 * implies and its versions. Who may not write (a CLIENTE) reads it.
 */
import { madridDate } from '@shared/fiscal/verifactu-obligation';
import { defaultTaxProfileFacts } from '@shared/schemas/tax-profile';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { isProfileNotFound, useTaxProfile, useTaxProfileStatus } from '@web/lib/tax-api';
import { Card, Col, Flex, Row } from 'antd';
import { useState } from 'react';
import { useCompanyCan } from '../hooks/use-company-can';
import { ProfileAssistant } from './profile-assistant';
import { ProfileForm } from './profile-form';
import { ProfileHistory } from './profile-history';
import { RequiredModels } from './required-models';

export function FiscalProfileTab({ companyId }: { companyId: string }) {
  const { membership, can } = useCompanyCan(companyId);
  // Asked once the membership says the person may read it (a CLIENTE needs VIEW_TAX_DOCUMENTS).
  const canRead = membership.isSuccess && can('taxAssistant.status') && can('taxProfile.get');
  const status = useTaxProfileStatus(companyId, { enabled: canRead });
  const profile = useTaxProfile(companyId, { enabled: status.profileReady });
  const [direct, setDirect] = useState(false);
  // The Spanish calendar day, as the server counts periods (Europe/Madrid).
  const today = madridDate(new Date());
  const currentYear = Number(today.slice(0, 4));

  if (membership.isPending) return <LoadingBlock label="Cargando el perfil fiscal" />;
  if (membership.isError) {
    return (
      <LoadError
        title="No se ha podido cargar la empresa"
        error={membership.error}
        onRetry={() => void membership.refetch()}
      />
    );
  }
  if (!canRead)
    return <EmptyState description="No tienes permiso para ver el perfil fiscal de esta empresa." />;
  if (status.isPending) return <LoadingBlock label="Cargando el perfil fiscal" />;

  // No profile: the status says so, or (the status unread or out of date) taxProfile.get answers 404.
  if (status.noProfile || isProfileNotFound(profile.error)) {
    const company = membership.data;
    const canCreate = can('taxProfile.create');
    const canAssist = can('taxAssistant.apply');
    if (!canCreate && !canAssist) {
      return (
        <EmptyState description="La empresa aún no tiene perfil fiscal. Quien gestiona la empresa puede configurarlo." />
      );
    }
    if (direct || !canAssist) {
      return (
        <Card title="Nuevo perfil fiscal">
          <ProfileForm
            mode="create"
            companyId={companyId}
            companyType={company.companyType}
            canEdit={canCreate}
            currentYear={currentYear}
            initialFacts={defaultTaxProfileFacts({
              companyType: company.companyType,
              siiEnabled: company.siiEnabled,
            })}
            onBack={() => setDirect(false)}
          />
        </Card>
      );
    }
    return (
      <ProfileAssistant
        companyId={companyId}
        companyType={company.companyType}
        draft={status.query.data?.draft ?? null}
        onSkip={() => setDirect(true)}
      />
    );
  }

  if (profile.isPending) return <LoadingBlock label="Cargando el perfil fiscal" />;
  if (profile.isError) {
    return (
      <LoadError
        title="No se ha podido cargar el perfil fiscal"
        error={profile.error}
        onRetry={() => void profile.refetch()}
      />
    );
  }

  const data = profile.data;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={15}>
        <Card title="Perfil fiscal">
          <ProfileForm
            key={data.updatedAt}
            mode="edit"
            companyId={companyId}
            companyType={data.companyType}
            canEdit={can('taxProfile.update')}
            profile={data}
            changesFrom={data.nextEffectiveFrom}
          />
        </Card>
      </Col>
      <Col xs={24} xl={9}>
        <Flex vertical gap={16}>
          <Card title="Modelos que presenta">
            <RequiredModels models={data.requiredModels} label="Modelos que presenta" />
          </Card>
          <Card title="Historial de cambios">
            <ProfileHistory versions={data.versions} today={today} />
          </Card>
        </Flex>
      </Col>
    </Row>
  );
}
