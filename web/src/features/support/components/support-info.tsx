import ClockCircleOutlined from '@ant-design/icons/ClockCircleOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import MessageOutlined from '@ant-design/icons/MessageOutlined';
import PhoneOutlined from '@ant-design/icons/PhoneOutlined';
import { Alert, Card, Col, Flex, Row } from 'antd';
import type { ReactNode } from 'react';
import { SUPPORT_EMAIL, SUPPORT_HOURS, supportMailto } from '../support-channels';

function Channel({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card style={{ height: '100%' }}>
      <Flex gap={12} align="start">
        <span aria-hidden style={{ fontSize: 22, color: '#1d4ed8' }}>
          {icon}
        </span>
        <Flex vertical gap={4}>
          <h2 style={{ fontSize: 16, margin: 0 }}>{title}</h2>
          {children}
        </Flex>
      </Flex>
    </Card>
  );
}

/** How to reach Cuadra's support team (the chat arrives in a later version). */
export function SupportInfo({ companyName }: { companyName?: string }) {
  const subject = companyName ? `Consulta de soporte · ${companyName}` : 'Consulta de soporte';
  return (
    <Flex vertical gap={16}>
      <p style={{ margin: 0, maxWidth: 720 }}>
        ¿Tienes una duda sobre Cuadra, un problema con una pantalla o quieres cambiar de plan? Escríbenos y te
        responderemos en horario laboral. Para ayudarte antes, indica la empresa y su NIF, qué estabas
        haciendo y, si puedes, adjunta una captura de pantalla.
      </p>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Channel icon={<MailOutlined />} title="Email">
            <a href={supportMailto(subject)}>{SUPPORT_EMAIL}</a>
            <span style={{ opacity: 0.75 }}>Respondemos normalmente en menos de un día laborable.</span>
          </Channel>
        </Col>
        <Col xs={24} md={8}>
          <Channel icon={<PhoneOutlined />} title="Teléfono">
            <span>Te llamamos nosotros.</span>
            <span style={{ opacity: 0.75 }}>
              Escríbenos a <a href={supportMailto('Solicitud de llamada')}>{SUPPORT_EMAIL}</a> con tu teléfono
              y la franja que te viene mejor.
            </span>
          </Channel>
        </Col>
        <Col xs={24} md={8}>
          <Channel icon={<ClockCircleOutlined />} title="Horario">
            <span>{SUPPORT_HOURS}.</span>
            <span style={{ opacity: 0.75 }}>Excepto festivos nacionales.</span>
          </Channel>
        </Col>
      </Row>
      <Alert
        type="info"
        showIcon
        icon={<MessageOutlined />}
        title="Respuesta por email"
        description="El email es la forma más rápida de contactarnos: te respondemos desde la misma dirección."
      />
    </Flex>
  );
}
