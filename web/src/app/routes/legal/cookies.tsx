import { openCookieSettings } from '@web/components/cookie-consent/consent';
import { EntityDetails } from '@web/features/legal/components/entity-details';
import { LegalDocument } from '@web/features/legal/components/legal-document';
import { BROWSER_STORAGE, STORAGE_CATEGORIES } from '@web/features/legal/content/browser-storage';
import { legalEntity } from '@web/features/legal/entity';
import { PublicLayout } from '@web/features/marketing/components/public-layout';
import { paths } from '@web/lib/paths';
import { Button } from 'antd';
import { Link } from 'react-router-dom';

const BROWSER_HELP = [
  { name: 'Google Chrome', href: 'https://support.google.com/chrome/answer/95647' },
  {
    name: 'Mozilla Firefox',
    href: 'https://support.mozilla.org/es/kb/Borrar%20cookies',
  },
  { name: 'Safari', href: 'https://support.apple.com/es-es/guide/safari/sfri11471/mac' },
  {
    name: 'Microsoft Edge',
    href: 'https://support.microsoft.com/es-es/microsoft-edge/eliminar-las-cookies-en-microsoft-edge-63947406-40ac-c3b8-57b9-2a946a29ae09',
  },
];

export default function CookiesRoute() {
  const essential = BROWSER_STORAGE.filter((item) => item.category === 'essential');
  const optional = BROWSER_STORAGE.filter((item) => item.category !== 'essential');
  return (
    <PublicLayout>
      <LegalDocument
        title="Política de cookies"
        updatedAt="2026-11-20"
        summary={
          <p style={{ margin: 0 }}>
            Cuadra solo guarda en tu navegador lo imprescindible para que puedas iniciar sesión y trabajar con
            tu empresa. Las categorías de preferencias, análisis y marketing están desactivadas salvo que las
            aceptes, y hoy no instalamos cookies de terceros.
          </p>
        }
      >
        <h2>1. Qué son las cookies y tecnologías similares</h2>
        <p>
          Las cookies son pequeños archivos que un sitio web guarda en tu navegador. Otras tecnologías, como
          el almacenamiento local (localStorage) y el de sesión (sessionStorage), cumplen una función
          parecida. El artículo 22.2 de la Ley 34/2002, de servicios de la sociedad de la información
          (LSSI-CE), se aplica a todas ellas por igual, y en esta política las llamamos «cookies» para
          simplificar.
        </p>

        <h2>2. Categorías</h2>
        <ul>
          {STORAGE_CATEGORIES.map((category) => (
            <li key={category.category}>
              <strong>{category.title}.</strong> {category.text}
            </li>
          ))}
        </ul>

        <h2>3. Qué guarda Cuadra en tu navegador</h2>
        <p>Todas son propias (de Cuadra) y ninguna se comparte con terceros.</p>
        <table>
          <thead>
            <tr>
              <th scope="col">Nombre</th>
              <th scope="col">Dónde</th>
              <th scope="col">Finalidad</th>
              <th scope="col">Duración</th>
            </tr>
          </thead>
          <tbody>
            {essential.map((item) => (
              <tr key={item.name}>
                <td>
                  <code style={{ wordBreak: 'break-word' }}>{item.name}</code>
                </td>
                <td>{item.storage}</td>
                <td>{item.purpose}</td>
                <td>{item.duration}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {optional.length === 0 ? (
          <p>
            <strong>Preferencias, análisis y marketing:</strong> hoy Cuadra no instala ninguna cookie de estas
            categorías, tampoco de terceros. Si en el futuro las incorporamos, solo se activarán si las
            aceptas en el panel de configuración y las detallaremos en esta tabla con su proveedor y su
            duración.
          </p>
        ) : null}

        <h2>4. Cómo aceptar, rechazar o cambiar tu elección</h2>
        <p>
          La primera vez que entras, el aviso de cookies te ofrece tres opciones:{' '}
          <strong>Aceptar todas</strong>, <strong>Solo esenciales</strong> o <strong>Configurar</strong>, que
          abre un panel con un interruptor por categoría. Las esenciales están siempre activas. Tu elección se
          guarda durante 30 días; pasado ese tiempo, o si cambiamos esta política (la versión vigente es la
          1.0), te lo volvemos a preguntar. Puedes cambiarla en cualquier momento desde el botón «Configurar
          cookies» de esta página o del pie de página.
        </p>
        <p>
          <Button type="primary" onClick={openCookieSettings}>
            Configurar cookies
          </Button>
        </p>
        <p>
          También puedes borrar o bloquear las cookies desde la configuración de tu navegador. Si borras los
          datos del sitio se cerrará tu sesión y el aviso volverá a aparecer. Instrucciones de los navegadores
          más habituales:
        </p>
        <ul>
          {BROWSER_HELP.map((browser) => (
            <li key={browser.name}>
              <a href={browser.href} target="_blank" rel="noreferrer">
                {browser.name}
              </a>
            </li>
          ))}
        </ul>

        <h2>5. Más información</h2>
        <p>
          El tratamiento de los datos personales asociados se explica en la{' '}
          <Link to={paths.legal.privacy}>política de privacidad</Link>. Para cualquier duda, escríbenos a{' '}
          <a href={`mailto:${legalEntity().email}`}>{legalEntity().email}</a>.
        </p>
        <h2>Titular del servicio</h2>
        <EntityDetails />
      </LegalDocument>
    </PublicLayout>
  );
}
