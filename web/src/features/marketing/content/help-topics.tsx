/**
 * The help centre's questions, grouped by topic. The answers describe how Cuadra behaves today
 * (link lifetimes, password policy, the growing delay after failed passwords): keep them in step with
 * the identity domain (functions/domains/identity/model) when those rules change.
 */
import { availableClaims, type Capability, isAvailable } from '@shared/capabilities';
import { paths } from '@web/lib/paths';
import { Link } from 'react-router-dom';
import type { FaqItem } from '../components/faq-list';
import { CONTACT_CHANNELS, mailtoHref } from '../contact-channels';

/** A question shown only when the areas its answer speaks of work (shared/capabilities.ts). */
type HelpQuestion = FaqItem & { needs?: readonly Capability[]; unless?: readonly Capability[] };

export interface HelpTopic {
  id: string;
  title: string;
  /** How the hero's lead names the topic ('la facturación'). */
  about: string;
  items: FaqItem[];
}

const support = <a href={mailtoHref(CONTACT_CHANNELS.supportEmail)}>{CONTACT_CHANNELS.supportEmail}</a>;

const TOPICS: (Omit<HelpTopic, 'items'> & { items: HelpQuestion[] })[] = [
  {
    id: 'acceso',
    title: 'Acceso y cuenta',
    about: 'el acceso',
    items: [
      {
        question: '¿Cómo creo una cuenta?',
        answer: (
          <p>
            Desde <Link to={paths.auth.register}>Crear cuenta</Link> eliges el tipo de cuenta (autónomo,
            empresa o gestoría), indicas tus datos y aceptas las condiciones. Te enviamos un email con un
            enlace para verificar tu dirección; hasta que no lo abras no podrás iniciar sesión.
          </p>
        ),
      },
      {
        question: 'No me ha llegado el email de verificación',
        answer: (
          <p>
            Revisa la carpeta de correo no deseado o promociones. El enlace es válido durante 24 horas; si ha
            caducado o no lo encuentras, pide uno nuevo desde la pantalla de confirmación del registro o desde
            el propio enlace caducado con la opción «Reenviar email».
          </p>
        ),
      },
      {
        question: 'He olvidado mi contraseña',
        answer: (
          <p>
            En <Link to={paths.auth.forgotPassword}>¿Has olvidado tu contraseña?</Link> escribe tu email. Si
            hay una cuenta con esa dirección recibirás un enlace para elegir una contraseña nueva, válido
            durante una hora y de un solo uso.
          </p>
        ),
      },
      {
        question: '¿Qué requisitos tiene la contraseña?',
        answer: (
          <p>
            Al menos 8 caracteres, con una letra mayúscula, una letra minúscula y un número. Te recomendamos
            una frase larga que no uses en ningún otro servicio.
          </p>
        ),
      },
      {
        question: 'Me pide esperar antes de volver a intentarlo',
        answer: (
          <p>
            Para proteger tu cuenta, los cuatro primeros intentos fallidos seguidos no tienen consecuencias;
            tras el quinto tendrás que esperar 30 segundos antes de volver a intentarlo, y cada nuevo fallo
            duplica la espera, hasta un máximo de 15 minutos. La pantalla te dice cuánto falta. La cuenta
            nunca se bloquea: pasada la espera puedes volver a intentarlo, y si restableces la contraseña la
            espera desaparece al momento.
          </p>
        ),
      },
      {
        question: '¿Qué hace la casilla «Recordarme»?',
        answer: (
          <p>
            Marcada, la sesión se mantiene aunque cierres el navegador. Desmarcada, termina al cerrar la
            pestaña: úsala en ordenadores compartidos.
          </p>
        ),
      },
      {
        question: 'Mi gestoría me ha invitado, ¿cómo entro?',
        answer: (
          <p>
            Abre el enlace del email de invitación: verás la empresa a la que te han invitado, indicas tu
            nombre y eliges una contraseña. La invitación es válida durante 7 días; si caduca, pide a tu
            gestoría que te la envíe de nuevo.
          </p>
        ),
      },
    ],
  },
  {
    id: 'empresas',
    title: 'Empresas',
    about: 'las empresas',
    items: [
      {
        question: '¿Qué tipos de empresa admite Cuadra?',
        answer: (
          <p>
            Autónomos, sociedades limitadas (SL), sociedades anónimas (SA), comunidades de bienes (CB) y
            sociedades civiles (SC). La forma jurídica decide los datos fiscales de partida de la empresa,
            como el impuesto directo (IRPF para un autónomo, Impuesto sobre Sociedades para una sociedad).
          </p>
        ),
      },
      {
        question: '¿Puedo llevar varias empresas con la misma cuenta?',
        answer: (
          <p>
            Sí. Las gestorías y los usuarios con varias empresas cambian de una a otra con el selector de
            empresa de la cabecera. Puedes marcar una como predeterminada para que sea la que se abre al
            entrar.
          </p>
        ),
      },
      {
        question: '¿Cómo valida Cuadra el NIF?',
        answer: (
          <p>
            Comprueba el formato y el carácter de control del DNI, NIE o CIF según las reglas oficiales. Un
            autónomo se registra con su DNI o NIE; una sociedad, con su CIF. La comprobación no consulta el
            censo de la AEAT: si el NIF está bien formado pero no corresponde a la empresa, lo detectará la
            Agencia Tributaria en el primer envío.
          </p>
        ),
      },
      {
        question: '¿Cómo doy acceso a alguien de mi equipo o a un cliente?',
        answer: (
          <p>
            Desde los usuarios de la empresa invitas a la persona por email y eliges su rol y sus permisos
            (por ejemplo, ver las facturas). Recibe un enlace para activar su cuenta y solo verá esa empresa.
          </p>
        ),
      },
    ],
  },
  {
    id: 'facturacion',
    title: 'Facturación',
    about: 'la facturación',
    items: [
      {
        question: '¿Puedo modificar una factura ya emitida?',
        answer: (
          <p>
            No. El Reglamento de facturación (Real Decreto 1619/2012) exige que una factura emitida se corrija
            con una factura rectificativa, y VeriFacTu registra cada factura de forma encadenada. Cuadra te
            deja preparar la rectificativa a partir de la original.
          </p>
        ),
      },
      {
        question: '¿Cómo funciona la numeración de las facturas?',
        answer: (
          <p>
            Cada serie tiene su numeración correlativa y Cuadra asigna el número al emitir, sin saltos ni
            repeticiones, aunque dos personas emitan a la vez. Usa series distintas para rectificativas o para
            líneas de negocio diferentes si lo necesitas.
          </p>
        ),
      },
      {
        question: '¿Se pueden emitir facturas periódicas?',
        answer: (
          <p>
            Sí, con las facturas recurrentes: defines una plantilla con el cliente, los conceptos y cada
            cuánto se emite, y Cuadra genera cada factura en su fecha.
          </p>
        ),
      },
      {
        question: '¿Cuadra puede leer las facturas de mis proveedores?',
        answer: (
          <p>
            Sí: súbelas como documento (PDF, JPG o PNG, hasta 50 MB) o reenvíalas a la dirección de la bandeja
            inteligente de la empresa. En ambos casos Cuadra propone los datos leídos y tú los confirmas.
          </p>
        ),
        needs: ['ocr', 'smartInbox'],
      },
      {
        question: '¿Cómo registro las facturas de mis proveedores?',
        answer: (
          <p>
            En Gastos, con «Nueva factura recibida»: eliges el proveedor (o lo das de alta con su NIF), la
            fecha, las bases y los tipos de IVA, y Cuadra calcula el total y la parte deducible del IVA
            soportado. Puedes asignar cada factura a una categoría de gasto.
          </p>
        ),
        needs: ['expenses'],
      },
      {
        question: '¿Puedo traer las facturas de otro programa?',
        answer: (
          <p>
            Sí: descarga la plantilla de importación, rellénala en Excel o CSV y súbela. Antes de importar
            nada ves cada fila con sus errores. También puedes exportar tus facturas a Excel o CSV cuando
            quieras.
          </p>
        ),
        needs: ['importExport'],
      },
    ],
  },
  {
    id: 'impuestos',
    title: 'Impuestos',
    about: 'los impuestos',
    items: [
      {
        question: '¿Qué modelos prepara Cuadra?',
        answer: (
          <p>
            Los trimestrales 303 (IVA), 111 (retenciones de trabajo y profesionales), 115 (retenciones de
            alquileres), 123, 216, 130 (pago fraccionado del IRPF) o 131 y 349 (operaciones
            intracomunitarias), los pagos fraccionados 202, y los anuales 390, 347, 190, 180, 193 y 296. Se
            calculan con las facturas registradas, los revisas casilla a casilla y obtienes el fichero oficial
            de la AEAT. Para la Renta (100), el Impuesto sobre Sociedades (200), el 036, la ventanilla única
            (369) y el 720 te prepara una lista con lo que ya sabe y lo que falta por reunir.
          </p>
        ),
        needs: ['taxModels', 'incomeTaxModels'],
      },
      {
        question: '¿Qué modelos prepara Cuadra?',
        answer: (
          <p>
            Los de IVA: el 303 (trimestral o mensual), el 349 de operaciones intracomunitarias y los anuales
            390 y 347. Se calculan con las facturas emitidas y recibidas registradas, los revisas casilla a
            casilla antes de presentarlos y obtienes el fichero oficial de la AEAT.
          </p>
        ),
        needs: ['taxModels'],
        unless: ['incomeTaxModels'],
      },
      {
        question: '¿Cuándo vencen las declaraciones trimestrales?',
        answer: (
          <p>
            Con carácter general, del 1 al 20 de abril, julio y octubre, y del 1 al 30 de enero para el cuarto
            trimestre. Cuando el último día es inhábil, el plazo se traslada al siguiente día hábil. El
            calendario fiscal de cada empresa muestra las fechas que le corresponden.
          </p>
        ),
        needs: ['fiscalCalendar'],
      },
      {
        question: '¿Cuadra presenta los modelos por mí?',
        answer: (
          <p>
            Cuadra prepara los modelos y te permite presentarlos con tu certificado electrónico o, si eres
            gestoría, como colaborador social. La responsabilidad sobre el contenido de cada declaración sigue
            siendo de quien la presenta: revisa siempre las casillas antes de enviarla.
          </p>
        ),
        needs: ['taxModels'],
      },
      {
        question: '¿Qué es el modelo 347?',
        answer: (
          <p>
            La declaración anual de operaciones con terceros que, en conjunto, superan 3.005,06 € en el año.
            Cuadra agrupa tus facturas por NIF y te avisa de los clientes y proveedores que superan el umbral.
          </p>
        ),
        needs: ['taxModels'],
      },
    ],
  },
  {
    id: 'verifactu',
    title: isAvailable('sii') ? 'VeriFacTu y SII' : 'VeriFacTu',
    about: 'VeriFacTu',
    items: [
      {
        question: '¿Qué es VeriFacTu?',
        answer: (
          <p>
            Es el sistema de la AEAT para los programas de facturación regulado por el Real Decreto 1007/2023
            (Reglamento de requisitos de los sistemas informáticos de facturación). Cada factura genera un
            registro con una huella encadenada a la anterior, que impide alterarla sin que se note, y un
            código QR que el cliente puede usar para comprobarla en la web de la AEAT.
          </p>
        ),
      },
      {
        question: '¿Desde cuándo es obligatorio?',
        answer: (
          <p>
            Las fechas de obligatoriedad las fija la normativa y se han aplazado más de una vez. Consulta la
            fecha vigente en la sede electrónica de la Agencia Tributaria; Cuadra te permite activar el envío
            a VeriFacTu en la configuración de cada empresa cuando lo decidas.
          </p>
        ),
      },
      {
        question: '¿Qué diferencia hay entre SII y VeriFacTu?',
        answer: (
          <p>
            El SII es el suministro de los libros registro de IVA casi en tiempo real, obligatorio para
            grandes empresas, grupos de IVA y empresas inscritas en el REDEME. VeriFacTu se dirige al resto de
            empresarios y profesionales que facturan con un programa informático. Una empresa que está en el
            SII no tiene que usar VeriFacTu.
          </p>
        ),
        needs: ['sii'],
      },
      {
        question: 'Una factura aparece como rechazada por la AEAT, ¿qué hago?',
        answer: (
          <p>
            Abre su detalle: verás el código y la descripción del error que ha devuelto la Agencia Tributaria.
            Corrige los datos de la empresa o del cliente que indique el error y reenvía el registro desde el
            historial de VeriFacTu.
          </p>
        ),
      },
      {
        question: 'Un registro del SII aparece como rechazado, ¿qué hago?',
        answer: (
          <p>
            En Fiscal → SII verás las facturas con problemas, con el código y la descripción que ha devuelto
            la Agencia Tributaria y los días que quedan del plazo de cuatro días hábiles. Con «Corregir»
            puedes cambiar el NIF o el nombre de la contraparte (por ejemplo, enviarla como no censada tras el
            error 1117) y con «Reintentar» se envía de nuevo.
          </p>
        ),
        needs: ['sii'],
      },
    ],
  },
  {
    id: 'seguridad',
    title: 'Seguridad y privacidad',
    about: 'la seguridad',
    items: [
      {
        question: '¿Dónde se guardan mis datos?',
        answer: (
          <p>
            En centros de datos de Amazon Web Services situados en la Unión Europea, que actúa como encargado
            del tratamiento. Tienes el detalle en la{' '}
            <Link to={paths.legal.privacy}>política de privacidad</Link>.
          </p>
        ),
      },
      {
        question: '¿Cómo se protege mi certificado electrónico?',
        answer: (
          <p>
            Se guarda cifrado, con su contraseña aparte, y solo se usa para las operaciones que lanzas tú o tu
            gestoría. Cada uso queda registrado y puedes eliminar el certificado cuando quieras.
          </p>
        ),
      },
      {
        question: '¿Quién puede ver los datos de mi empresa?',
        answer: (
          <p>
            Solo las personas que pertenecen a ella: tú, los usuarios que invites y tu gestoría si le das
            acceso. Cada acceso se comprueba en el servidor empresa a empresa, y los clientes de una gestoría
            solo ven su propia empresa, con los permisos que la gestoría les da.
          </p>
        ),
      },
      {
        question: '¿Qué cookies usa Cuadra?',
        answer: (
          <p>
            Solo las necesarias para mantener la sesión y recordar tu empresa y tus preferencias de cookies;
            las de análisis, marketing y preferencias están desactivadas salvo que las aceptes. Consulta la{' '}
            <Link to={paths.legal.cookies}>política de cookies</Link>.
          </p>
        ),
      },
      {
        question: 'Creo que alguien ha entrado en mi cuenta',
        answer: (
          <p>
            Cambia la contraseña desde tu perfil o con «¿Has olvidado tu contraseña?», pulsa «Cerrar sesión en
            todos los dispositivos» en tu perfil y escríbenos a {support} explicando lo ocurrido. Revisaremos
            los accesos recientes contigo.
          </p>
        ),
      },
    ],
  },
];

/** The topics with the questions whose areas work today; a topic left without questions is not shown. */
export const HELP_TOPICS: HelpTopic[] = TOPICS.map((topic) => ({
  ...topic,
  items: availableClaims(topic.items.map((item) => ({ ...item, needs: item.needs ?? [] }))).map(
    ({ needs: _needs, ...item }) => item,
  ),
})).filter((topic) => topic.items.length > 0);
