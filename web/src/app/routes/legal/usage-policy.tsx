import { EntityDetails } from '@web/features/legal/components/entity-details';
import { LegalDocument } from '@web/features/legal/components/legal-document';
import { legalEntity } from '@web/features/legal/entity';
import { PublicLayout } from '@web/features/marketing/components/public-layout';
import { paths } from '@web/lib/paths';
import { Link } from 'react-router-dom';

export default function UsagePolicyRoute() {
  const mail = <a href={`mailto:${legalEntity().email}`}>{legalEntity().email}</a>;
  return (
    <PublicLayout>
      <LegalDocument
        title="Política de uso aceptable"
        updatedAt="2026-11-20"
        summary={
          <p style={{ margin: 0 }}>
            Cuadra es para llevar la administración real de empresas reales. Úsalo con datos veraces, con
            autorización de las empresas que gestionas y sin poner en riesgo el servicio ni a otros usuarios.
          </p>
        }
      >
        <p>
          Esta política forma parte de las <Link to={paths.legal.terms}>condiciones de uso</Link> y se aplica
          a todas las personas que usan Cuadra: titulares de cuentas, usuarios invitados, gestorías y sus
          clientes.
        </p>

        <h2>1. Usos no permitidos</h2>
        <h3>Fiscales y contables</h3>
        <ul>
          <li>
            Emitir facturas falsas o que no respondan a operaciones reales, o alterar facturas ya emitidas por
            medios distintos de las facturas rectificativas.
          </li>
          <li>
            Intentar eludir la integridad de los registros de facturación (VeriFacTu, SII), por ejemplo
            borrando o reordenando registros, o presentar declaraciones con datos que sabes que son falsos.
          </li>
          <li>Usar Cuadra para ocultar operaciones a la Administración o para blanquear capitales.</li>
        </ul>
        <h3>Identidad y autorizaciones</h3>
        <ul>
          <li>Registrarte con datos falsos o haciéndote pasar por otra persona o empresa.</li>
          <li>
            Dar de alta o gestionar empresas sin autorización de su titular, o subir certificados electrónicos
            que no tienes derecho a usar.
          </li>
          <li>
            Compartir tus credenciales con otras personas: cada persona debe tener su propio usuario con sus
            permisos.
          </li>
          <li>
            Introducir datos personales de terceros sin una base legal para tratarlos o usarlos para fines
            distintos de la gestión administrativa de la empresa.
          </li>
        </ul>
        <h3>Técnicos</h3>
        <ul>
          <li>
            Intentar acceder a cuentas, empresas o datos ajenos, probar vulnerabilidades sin nuestro permiso
            escrito o eludir las medidas de seguridad y los límites de uso.
          </li>
          <li>
            Sobrecargar el servicio con peticiones automatizadas masivas, extraer datos de forma automatizada
            o usar el servicio para enviar correo no solicitado.
          </li>
          <li>Subir archivos con programas maliciosos o contenidos ilícitos.</li>
          <li>Copiar, descompilar o revender el servicio, salvo en lo que la ley permita expresamente.</li>
        </ul>

        <h2>2. Qué hacemos ante un incumplimiento</h2>
        <p>
          Según su gravedad, podemos avisarte y pedirte que lo corrijas, limitar temporalmente funciones,
          suspender la cuenta o darla de baja, tal y como prevén las condiciones de uso. Ante indicios de
          delito lo pondremos en conocimiento de las autoridades competentes y colaboraremos con ellas cuando
          lo requieran legalmente.
        </p>

        <h2>3. Comunicar un abuso o una vulnerabilidad</h2>
        <p>
          Si detectas un uso indebido de Cuadra o un posible fallo de seguridad, escríbenos a {mail} con la
          mayor información posible. Si se trata de un fallo de seguridad, no lo divulgues hasta que lo
          hayamos corregido; te mantendremos informado.
        </p>
        <h2>Titular del servicio</h2>
        <EntityDetails />
      </LegalDocument>
    </PublicLayout>
  );
}
