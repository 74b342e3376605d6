import { EntityDetails } from '@web/features/legal/components/entity-details';
import { LegalDocument } from '@web/features/legal/components/legal-document';
import { holderName, legalEntity } from '@web/features/legal/entity';
import { PublicLayout } from '@web/features/marketing/components/public-layout';
import { paths } from '@web/lib/paths';
import { Link } from 'react-router-dom';

const PURPOSES: { purpose: string; basis: string }[] = [
  {
    purpose:
      'Crear y gestionar tu cuenta, verificar tu email, permitirte iniciar sesión y prestarte el servicio contratado (facturación, impuestos, contabilidad, nóminas, bancos, documentos y mensajes).',
    basis: 'Ejecución del contrato (art. 6.1.b RGPD).',
  },
  {
    purpose:
      'Proteger la cuenta y el servicio: bloqueo temporal tras intentos fallidos de inicio de sesión, registros técnicos de acceso, detección de usos fraudulentos.',
    basis: 'Interés legítimo en la seguridad de la información (art. 6.1.f RGPD y considerando 49).',
  },
  {
    purpose:
      'Facturar la suscripción y cumplir las obligaciones contables, fiscales y de atención de requerimientos de las autoridades.',
    basis: 'Cumplimiento de obligaciones legales (art. 6.1.c RGPD).',
  },
  {
    purpose: 'Atender tus consultas de soporte, de ventas y de contacto.',
    basis:
      'Ejecución del contrato o aplicación de medidas precontractuales a petición tuya (art. 6.1.b RGPD).',
  },
  {
    purpose:
      'Enviarte información sobre novedades de Cuadra y productos similares a los contratados, si eres cliente.',
    basis:
      'Interés legítimo (art. 6.1.f RGPD y art. 21.2 LSSI-CE). Puedes oponerte en cualquier momento desde cada comunicación o escribiéndonos.',
  },
  {
    purpose: 'Cookies y almacenamiento no esenciales (preferencias, análisis, marketing).',
    basis: 'Consentimiento (art. 6.1.a RGPD y art. 22.2 LSSI-CE), que puedes retirar cuando quieras.',
  },
];

export default function PrivacyRoute() {
  const holder = holderName();
  const email = legalEntity().email;
  const mail = <a href={`mailto:${email}?subject=Protecci%C3%B3n%20de%20datos`}>{email}</a>;
  return (
    <PublicLayout>
      <LegalDocument
        title="Política de privacidad"
        updatedAt="2026-11-20"
        summary={
          <p style={{ margin: 0 }}>
            Tratamos tus datos para prestarte Cuadra y protegerlo, en servidores situados en la Unión Europea.
            No vendemos datos ni los usamos para publicidad de terceros. Puedes acceder a tus datos,
            corregirlos, llevártelos o pedir que los borremos escribiendo a {mail}.
          </p>
        }
      >
        <p>
          Esta política explica cómo tratamos los datos personales en Cuadra conforme al Reglamento (UE)
          2016/679, General de Protección de Datos (RGPD), y a la Ley Orgánica 3/2018, de Protección de Datos
          Personales y garantía de los derechos digitales (LOPDGDD).
        </p>

        <h2>1. Responsable del tratamiento</h2>
        <EntityDetails />
        <p>
          Para cualquier cuestión sobre privacidad puedes escribirnos a {mail}
          {legalEntity().dpoEmail ? (
            <>
              {' '}
              o a nuestro delegado de protección de datos en{' '}
              <a href={`mailto:${legalEntity().dpoEmail}`}>{legalEntity().dpoEmail}</a>
            </>
          ) : null}
          .
        </p>

        <h2>2. Responsable o encargado: dos papeles distintos</h2>
        <p>
          {holder} es <strong>responsable</strong> de los datos de las personas usuarias de Cuadra (tu cuenta,
          tus accesos, tus consultas, la facturación de tu suscripción). En cambio, respecto de los datos de
          terceros que tú introduces en la aplicación (tus clientes, proveedores, empleados o los clientes de
          tu gestoría), el responsable eres tú o tu empresa, y Cuadra actúa como{' '}
          <strong>encargado del tratamiento</strong> (art. 28 RGPD) en los términos de las{' '}
          <Link to={paths.legal.terms}>condiciones de uso</Link>. Si eres uno de esos terceros, dirígete en
          primer lugar a la empresa o gestoría que gestiona tus datos.
        </p>

        <h2>3. Qué datos tratamos</h2>
        <ul>
          <li>
            <strong>Datos de cuenta:</strong> nombre, apellidos, email, teléfono (opcional), tipo de cuenta,
            nombre de la gestoría y, si eres autónomo o empresa, la razón social, el NIF y la forma jurídica
            de tu empresa. Tu contraseña la gestiona el servicio de autenticación y nunca se guarda en texto
            legible.
          </li>
          <li>
            <strong>Datos de uso y seguridad:</strong> fecha y resultado de los inicios de sesión, dirección
            IP, navegador, identificadores técnicos de las peticiones y registros de errores.
          </li>
          <li>
            <strong>Datos de relación comercial:</strong> plan contratado, facturas de la suscripción y
            comunicaciones con soporte o ventas.
          </li>
          <li>
            <strong>Datos que introduces como cliente</strong> (como encargado del tratamiento): facturas,
            datos de clientes y proveedores, nóminas y datos de empleados, movimientos bancarios, documentos,
            certificados electrónicos y mensajes.
          </li>
        </ul>

        <h2>4. Finalidades y bases de legitimación</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">Finalidad</th>
              <th scope="col">Base de legitimación</th>
            </tr>
          </thead>
          <tbody>
            {PURPOSES.map((row) => (
              <tr key={row.purpose}>
                <td>{row.purpose}</td>
                <td>{row.basis}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          No tomamos decisiones basadas únicamente en tratamientos automatizados que produzcan efectos
          jurídicos sobre ti ni elaboramos perfiles con fines comerciales. La lectura automática de facturas
          (OCR) solo propone datos que una persona revisa y confirma.
        </p>

        <h2>5. Destinatarios</h2>
        <ul>
          <li>
            <strong>Amazon Web Services EMEA SARL (AWS)</strong>, como encargado del tratamiento, que presta
            la infraestructura en la que funciona Cuadra (servidores, bases de datos, almacenamiento de
            documentos, autenticación y envío de correos) desde su región de la Unión Europea en Irlanda.
          </li>
          <li>
            <strong>La Agencia Tributaria y otras Administraciones</strong>, cuando tú o tu gestoría enviáis
            desde Cuadra registros de facturación (VeriFacTu, SII) o declaraciones, y cuando una ley nos
            obligue a facilitar datos.
          </li>
          <li>
            <strong>Tu entidad bancaria y el proveedor de información sobre cuentas</strong>, solo si conectas
            una cuenta por banca abierta (PSD2) y con el consentimiento que das a tu banco.
          </li>
          <li>
            <strong>Tu gestoría o los usuarios de tu empresa</strong>, en la medida en que les des acceso.
          </li>
          <li>Juzgados, tribunales y autoridades, cuando lo exija la ley.</li>
        </ul>
        <p>
          No vendemos datos ni los cedemos a terceros para sus propios fines. No realizamos transferencias
          internacionales de datos fuera del Espacio Económico Europeo. Si en el futuro fuera necesario, se
          harían con las garantías del capítulo V del RGPD (decisiones de adecuación o cláusulas contractuales
          tipo) y lo indicaríamos aquí.
        </p>

        <h2>6. Cuánto tiempo conservamos los datos</h2>
        <ul>
          <li>
            <strong>Datos de cuenta:</strong> mientras la cuenta esté activa. Tras la baja, se conservan
            bloqueados (art. 32 LOPDGDD), solo a disposición de jueces, tribunales y autoridades, durante los
            plazos de prescripción de las responsabilidades que puedan derivarse, y después se suprimen.
          </li>
          <li>
            <strong>Facturas de la suscripción y documentación contable:</strong> seis años (art. 30 del
            Código de Comercio) y, a efectos fiscales, mientras no prescriban las obligaciones tributarias
            (art. 66 de la Ley General Tributaria).
          </li>
          <li>
            <strong>Datos que introduces como cliente:</strong> mientras dure el servicio. Al terminar, se
            suprimen o se te devuelven según nos indiques, salvo que una ley obligue a conservarlos. Antes de
            la baja puedes exportarlos.
          </li>
          <li>
            <strong>Enlaces de un solo uso:</strong> el de verificación de email caduca a las 24 horas, el de
            restablecimiento de contraseña a la hora y el de invitación a los 7 días.
          </li>
          <li>
            <strong>Registros de seguridad y consultas de soporte:</strong> el tiempo necesario para
            investigar incidentes y atender la consulta, y como máximo mientras puedan derivarse
            responsabilidades.
          </li>
        </ul>

        <h2>7. Tus derechos (ARCO-POL)</h2>
        <p>Puedes ejercer en cualquier momento y de forma gratuita los derechos de:</p>
        <ul>
          <li>
            <strong>Acceso:</strong> saber si tratamos tus datos y obtener una copia.
          </li>
          <li>
            <strong>Rectificación:</strong> corregir datos inexactos o incompletos; muchos puedes cambiarlos
            tú mismo desde tu perfil.
          </li>
          <li>
            <strong>Supresión (antes «cancelación») y olvido:</strong> pedir que borremos tus datos cuando ya
            no sean necesarios, salvo que debamos conservarlos por ley.
          </li>
          <li>
            <strong>Oposición:</strong> oponerte a tratamientos basados en el interés legítimo, incluidas las
            comunicaciones comerciales.
          </li>
          <li>
            <strong>Limitación del tratamiento:</strong> pedir que conservemos tus datos sin tratarlos
            mientras se resuelve una reclamación.
          </li>
          <li>
            <strong>Portabilidad:</strong> recibir los datos que nos diste en un formato estructurado y de uso
            común, o que los enviemos a otro responsable.
          </li>
          <li>
            <strong>Retirar el consentimiento</strong> que hayas dado, sin que afecte a lo tratado antes.
          </li>
        </ul>
        <h3>Cómo ejercerlos</h3>
        <p>
          Escribe a {mail} desde el email de tu cuenta, con el asunto «Protección de datos», indicando qué
          derecho quieres ejercer. Si nos escribes desde otra dirección o tenemos dudas razonables sobre tu
          identidad, podremos pedirte información adicional para confirmarla. Te responderemos en el plazo de
          un mes, ampliable en dos meses más en casos complejos, y te avisaremos si necesitamos esa ampliación
          (art. 12 RGPD).
        </p>
        <h3>Reclamación ante la AEPD</h3>
        <p>
          Si consideras que no hemos atendido bien tus derechos, puedes presentar una reclamación ante la
          Agencia Española de Protección de Datos (C/ Jorge Juan, 6, 28001 Madrid,{' '}
          <a href="https://www.aepd.es" target="_blank" rel="noreferrer">
            www.aepd.es
          </a>
          ). Te agradeceremos que antes nos escribas para intentar resolverlo.
        </p>

        <h2>8. Seguridad</h2>
        <p>
          Aplicamos medidas técnicas y organizativas adecuadas al riesgo (art. 32 RGPD): comunicaciones
          cifradas, certificados electrónicos cifrados, control de acceso comprobado en el servidor para cada
          empresa, bloqueo de cuentas ante intentos repetidos de acceso, copias de seguridad y registros de
          actividad. Si se produjera una violación de seguridad que afecte a tus datos, la notificaremos a la
          AEPD y, cuando proceda, a ti, en los plazos que marca la ley.
        </p>

        <h2>9. Cookies</h2>
        <p>
          Cuadra solo usa el almacenamiento del navegador imprescindible para funcionar; el resto de
          categorías está desactivado salvo que lo aceptes. Los detalles están en la{' '}
          <Link to={paths.legal.cookies}>política de cookies</Link>.
        </p>

        <h2>10. Cambios en esta política</h2>
        <p>
          Si modificamos esta política de forma relevante te lo comunicaremos por email o en la aplicación
          antes de que los cambios se apliquen. La fecha de la última actualización figura al principio.
        </p>
      </LegalDocument>
    </PublicLayout>
  );
}
