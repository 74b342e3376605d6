import { EntityDetails } from '@web/features/legal/components/entity-details';
import { LegalDocument } from '@web/features/legal/components/legal-document';
import { holderName, legalEntity } from '@web/features/legal/entity';
import { PublicLayout } from '@web/features/marketing/components/public-layout';
import { paths } from '@web/lib/paths';
import { Link } from 'react-router-dom';

export default function LegalNoticeRoute() {
  const holder = holderName();
  return (
    <PublicLayout>
      <LegalDocument title="Aviso legal" updatedAt="2026-11-20">
        <h2>1. Datos identificativos</h2>
        <p>
          En cumplimiento del artículo 10 de la Ley 34/2002, de 11 de julio, de servicios de la sociedad de la
          información y de comercio electrónico (LSSI-CE), estos son los datos del titular del sitio web{' '}
          {legalEntity().website} y de la aplicación Cuadra:
        </p>
        <EntityDetails />

        <h2>2. Objeto</h2>
        <p>
          Este sitio web informa sobre Cuadra, una aplicación de gestión administrativa, contable, fiscal y
          laboral para empresas, autónomos y gestorías, y da acceso a ella. El uso de la aplicación se rige
          además por las <Link to={paths.legal.terms}>condiciones de uso</Link>.
        </p>

        <h2>3. Condiciones de acceso y uso del sitio</h2>
        <p>
          El acceso a las páginas informativas es libre y gratuito; el uso de la aplicación requiere
          registrarse. Quien accede al sitio se compromete a usarlo conforme a la ley, a la buena fe y a la{' '}
          <Link to={paths.legal.usagePolicy}>política de uso aceptable</Link>, y a no dañar, inutilizar ni
          sobrecargar el sitio ni impedir su uso normal por otras personas.
        </p>

        <h2>4. Propiedad intelectual e industrial</h2>
        <p>
          Los contenidos del sitio (textos, diseño, logotipos, código fuente y demás elementos) pertenecen a{' '}
          {holder} o a terceros que han autorizado su uso, y están protegidos por la normativa de propiedad
          intelectual e industrial. Queda prohibida su reproducción, distribución, comunicación pública o
          transformación sin autorización, salvo para uso personal y privado o en los casos que la ley
          permita.
        </p>

        <h2>5. Responsabilidad</h2>
        <p>
          La información de las páginas informativas (por ejemplo, los plazos fiscales del centro de ayuda) es
          general y orientativa; no constituye asesoramiento fiscal, contable ni jurídico y puede no reflejar
          cambios normativos posteriores a su publicación. {holder} no responde de las decisiones tomadas
          exclusivamente a partir de ella, ni de las interrupciones del sitio debidas a mantenimiento o a
          causas ajenas a su control.
        </p>

        <h2>6. Enlaces</h2>
        <p>
          El sitio puede incluir enlaces a sitios de terceros, como la sede electrónica de la Agencia
          Tributaria o la Agencia Española de Protección de Datos. No controlamos sus contenidos ni
          respondemos de ellos; el enlace no implica ninguna relación con sus titulares.
        </p>

        <h2>7. Protección de datos y cookies</h2>
        <p>
          El tratamiento de datos personales se explica en la{' '}
          <Link to={paths.legal.privacy}>política de privacidad</Link> y el uso de cookies y almacenamiento
          del navegador en la <Link to={paths.legal.cookies}>política de cookies</Link>.
        </p>

        <h2>8. Legislación aplicable</h2>
        <p>
          Este aviso legal se rige por la ley española. Para cualquier controversia serán competentes los
          juzgados y tribunales que correspondan conforme a la ley.
        </p>
      </LegalDocument>
    </PublicLayout>
  );
}
