import { EntityDetails } from '@web/features/legal/components/entity-details';
import { LegalDocument } from '@web/features/legal/components/legal-document';
import { holderName, legalEntity } from '@web/features/legal/entity';
import { PublicLayout } from '@web/features/marketing/components/public-layout';
import { paths } from '@web/lib/paths';
import { Link } from 'react-router-dom';

export default function TermsRoute() {
  const holder = holderName();
  const email = legalEntity().email;
  return (
    <PublicLayout>
      <LegalDocument
        title="Condiciones de uso"
        updatedAt="2026-11-20"
        summary={
          <p style={{ margin: 0 }}>
            En resumen: Cuadra es una herramienta profesional para gestionar la facturación, los impuestos, la
            contabilidad y las nóminas. Tú decides qué datos introduces y eres responsable de las
            declaraciones que presentas; nosotros custodiamos esos datos con seguridad, solo los usamos para
            prestarte el servicio y te los devolvemos si te vas. Este resumen no sustituye al texto completo.
          </p>
        }
      >
        <h2>1. Objeto y aceptación</h2>
        <p>
          Estas condiciones regulan el acceso y el uso de Cuadra, la aplicación web de gestión administrativa
          y fiscal prestada por {holder} (en adelante, «Cuadra» o «nosotros»), cuyos datos identificativos
          figuran en el <Link to={paths.legal.legalNotice}>aviso legal</Link>. Al crear una cuenta, activar
          una invitación o usar el servicio aceptas estas condiciones, la{' '}
          <Link to={paths.legal.usagePolicy}>política de uso aceptable</Link> y, en lo que se refiere a tus
          datos personales, la <Link to={paths.legal.privacy}>política de privacidad</Link>.
        </p>
        <p>
          Cuadra se dirige a empresarios, profesionales y despachos que actúan en el ámbito de su actividad.
          Si contratas en nombre de una empresa, declaras que tienes facultades para obligarla.
        </p>

        <h2>2. Cuenta de usuario</h2>
        <ul>
          <li>
            Para registrarte debes ser mayor de edad, facilitar datos veraces y verificar tu dirección de
            correo electrónico mediante el enlace que te enviamos.
          </li>
          <li>
            Tu contraseña es personal. No la compartas: si varias personas necesitan acceder, invítalas como
            usuarios de la empresa con sus propios permisos. Avísanos en {email} si sospechas de un acceso no
            autorizado.
          </li>
          <li>
            Al registrarte eliges el tipo de cuenta: autónomo, empresa (SL, SA, CB o SC) o gestoría. Los
            autónomos y las empresas indican el NIF y la forma jurídica de su primera empresa.
          </li>
          <li>
            Tras varios intentos fallidos de inicio de sesión la cuenta se bloquea temporalmente para
            protegerla.
          </li>
        </ul>

        <h2>3. Gestorías y usuarios invitados</h2>
        <p>
          Una gestoría o asesoría que da de alta en Cuadra a sus clientes declara que actúa con su
          autorización y, cuando presente declaraciones en su nombre, con la representación o la condición de
          colaborador social que exija la normativa tributaria. Cada persona invitada a una empresa accede
          solo a esa empresa y con los permisos que le asigne quien la invita, que responde de esa asignación.
        </p>

        <h2>4. Planes, precios y pago</h2>
        <ul>
          <li>
            Los planes, sus límites y sus precios son los publicados en la página de{' '}
            <Link to={paths.pricing}>precios</Link> en el momento de contratar. Los precios son mensuales y no
            incluyen el IVA, que se añade en la factura al tipo vigente.
          </li>
          <li>Algunos planes incluyen un periodo de prueba gratuito, indicado en la página de precios.</li>
          <li>
            Mientras el pago en línea no esté disponible, el alta en un plan se solicita a nuestro equipo de
            ventas, que te remite las condiciones económicas y la factura antes de activarlo.
          </li>
          <li>
            Si modificamos los precios te lo comunicaremos por correo electrónico con al menos 30 días de
            antelación; el nuevo precio se aplicará desde el siguiente periodo y podrás darte de baja antes si
            no estás de acuerdo.
          </li>
        </ul>

        <h2>5. Tus datos y la información fiscal</h2>
        <p>
          Los datos que introduces (facturas, clientes, proveedores, empleados, movimientos bancarios,
          documentos) son tuyos. Cuadra calcula los modelos tributarios, los asientos y las nóminas a partir
          de esos datos y de la configuración fiscal que indicas. Eres responsable de la exactitud de los
          datos y de revisar cada declaración, registro o envío antes de presentarlo a la Agencia Tributaria,
          a la Seguridad Social o a cualquier otro organismo. Cuadra no presta asesoramiento fiscal, contable
          ni laboral: para ello está tu gestoría o tu asesor.
        </p>
        <p>
          Respecto de los datos personales de terceros que introduces, tú eres el responsable del tratamiento
          y Cuadra actúa como encargado del tratamiento por cuenta tuya, conforme al artículo 28 del
          Reglamento General de Protección de Datos: los tratamos solo para prestarte el servicio y siguiendo
          tus instrucciones, con deber de confidencialidad, con las medidas de seguridad adecuadas, con
          subencargados que ofrecen garantías equivalentes (entre ellos, Amazon Web Services en la Unión
          Europea) y te ayudamos a atender los derechos de los interesados. Al terminar el servicio los
          suprimimos o te los devolvemos, según nos indiques, salvo que una ley obligue a conservarlos.
        </p>

        <h2>6. Certificados electrónicos y envíos a la AEAT</h2>
        <p>
          Si subes un certificado electrónico, nos autorizas a usarlo exclusivamente para firmar las
          operaciones que tú o los usuarios autorizados de la empresa lanzáis desde Cuadra (envíos a VeriFacTu
          o al SII y presentación de modelos). El certificado se guarda cifrado, cada uso queda registrado y
          puedes eliminarlo cuando quieras. Debes tener derecho a usar el certificado que subes.
        </p>

        <h2>7. Disponibilidad y soporte</h2>
        <p>
          Trabajamos para que Cuadra esté disponible de forma continua, pero puede haber interrupciones por
          mantenimiento, que intentaremos anunciar y realizar fuera del horario laboral, o por causas ajenas a
          nosotros (incluidas las de los servicios de la AEAT o de las entidades bancarias). El soporte se
          presta por correo electrónico en {email} y desde la sección Soporte de la aplicación, de lunes a
          viernes de 9:00 a 18:00.
        </p>

        <h2>8. Propiedad intelectual</h2>
        <p>
          El software, el diseño y los contenidos de Cuadra son de su titular o de sus licenciantes. Te
          concedemos un derecho de uso no exclusivo e intransferible mientras dure tu cuenta, para tu
          actividad profesional. No puedes copiar, descompilar ni revender el servicio salvo en lo que la ley
          permita expresamente.
        </p>

        <h2>9. Suspensión y baja</h2>
        <ul>
          <li>
            Puedes dejar de usar Cuadra y solicitar la baja en cualquier momento escribiendo a {email}. Antes
            de la baja puedes exportar tus facturas, documentos y demás datos.
          </li>
          <li>
            Podemos suspender o cerrar una cuenta que incumpla estas condiciones o la política de uso
            aceptable, o cuyo plan de pago quede impagado, después de avisarte y darte un plazo razonable para
            corregirlo, salvo que el incumplimiento sea grave o ponga en riesgo a otros usuarios.
          </li>
          <li>
            Tras la baja conservamos los datos bloqueados solo durante los plazos legales indicados en la
            política de privacidad y después los suprimimos.
          </li>
        </ul>

        <h2>10. Responsabilidad</h2>
        <p>
          Respondemos de los daños que causemos por incumplir estas condiciones con dolo o negligencia. No
          respondemos de las consecuencias de datos incorrectos introducidos por los usuarios, de
          declaraciones presentadas sin revisar, ni de interrupciones de servicios de terceros que no
          controlamos. Salvo dolo o negligencia grave, nuestra responsabilidad total frente a un cliente se
          limita al importe que haya pagado por el servicio en los doce meses anteriores al hecho que la
          origine. Nada de lo anterior limita los derechos que la ley reconozca de forma imperativa.
        </p>

        <h2>11. Cambios en estas condiciones</h2>
        <p>
          Si cambiamos estas condiciones de forma relevante te avisaremos por correo electrónico o en la
          aplicación con al menos 30 días de antelación. Si no estás de acuerdo, puedes darte de baja antes de
          que entren en vigor.
        </p>

        <h2>12. Ley aplicable y jurisdicción</h2>
        <p>
          Estas condiciones se rigen por la ley española. Cualquier controversia se someterá a los juzgados y
          tribunales que correspondan conforme a la ley. Antes de acudir a ellos, escríbenos a {email}:
          intentaremos resolverlo de forma amistosa.
        </p>
        <h2>Titular del servicio</h2>
        <EntityDetails />
      </LegalDocument>
    </PublicLayout>
  );
}
