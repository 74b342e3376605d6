import { availableClaims, type Capability } from '@shared/capabilities';
import { addons, planList } from '@shared/schemas/billing';
import { paths } from '@web/lib/paths';
import { Link } from 'react-router-dom';
import type { FaqItem } from '../components/faq-list';
import { CONTACT_CHANNELS, mailtoHref } from '../contact-channels';

const trialPlans = planList.filter((plan) => plan.trialDays > 0);
const trialDays = Math.max(0, ...trialPlans.map((plan) => plan.trialDays));
const withoutTrial = planList.filter((plan) => plan.trialDays === 0).map((plan) => plan.planName);
const professionalNames = planList
  .filter((plan) => plan.tier === 'PROFESSIONAL')
  .map((plan) => plan.planName)
  .join(', ');

const sales = <a href={mailtoHref(CONTACT_CHANNELS.salesEmail)}>{CONTACT_CHANNELS.salesEmail}</a>;

/**
 * Questions about prices; the figures come from the catalogue, never typed here. A question about
 * an area is shown only when the area works (shared/capabilities.ts).
 */
const QUESTIONS: (FaqItem & { needs: readonly Capability[] })[] = [
  {
    question: '¿Los precios incluyen IVA?',
    answer: (
      <p>
        No. Los precios son mensuales y no incluyen el IVA, que se añade en la factura al tipo general del 21
        %. Debajo de cada precio verás también el importe con IVA.
      </p>
    ),
    needs: [],
  },
  {
    question: '¿Hay periodo de prueba?',
    answer: (
      <p>
        {trialPlans.length > 0
          ? `Sí: ${trialDays} días de prueba en ${trialPlans.length === planList.length ? 'todos los planes' : 'los planes que lo indican'}.`
          : 'Ahora mismo los planes no incluyen periodo de prueba.'}{' '}
        {withoutTrial.length > 0
          ? `El plan ${withoutTrial.join(', ')} se contrata con nuestro equipo de ventas, que te prepara el alta.`
          : ''}{' '}
        Crear la cuenta es gratis y no pide tarjeta.
      </p>
    ),
    needs: [],
  },
  {
    question: '¿Qué plan necesito para la contabilidad y las nóminas?',
    answer: (
      <p>
        La contabilidad y las nóminas están incluidas en los planes Professional ({professionalNames}). Con un
        plan Starter puedes añadir las nóminas contratando uno de los módulos de nóminas.
      </p>
    ),
    needs: ['accounting', 'payroll'],
  },
  {
    question: '¿Qué son los módulos de nóminas?',
    answer: (
      <p>
        Complementos mensuales para llevar las nóminas sin cambiar de plan:{' '}
        {Object.values(addons)
          .map((addon) => addon.name)
          .join(', ')}
        . Cada uno indica cuántos empleados cubre y para qué planes está disponible.
      </p>
    ),
    needs: ['payroll'],
  },
  {
    question: '¿Qué pasa si llego al límite de empresas o usuarios?',
    answer: (
      <p>
        Al intentar añadir una empresa o un usuario por encima del límite, Cuadra te avisa y te propone pasar
        a un plan superior. Los datos que ya tienes no se tocan.
      </p>
    ),
    needs: [],
  },
  {
    question: '¿Cómo se paga?',
    answer: (
      <p>
        El alta de un plan se hace con nuestro equipo de ventas: al elegir un plan puedes solicitarla y te
        enviaremos las condiciones y la factura. Si tienes dudas, escribe a {sales}.
      </p>
    ),
    needs: [],
  },
  {
    question: 'Soy una gestoría con muchos clientes, ¿hay condiciones especiales?',
    answer: (
      <p>
        Escríbenos a {sales} con el número de empresas que llevas y lo que necesitas y te preparamos una
        propuesta. También puedes revisar cómo funciona Cuadra en la <Link to={paths.help}>ayuda</Link>.
      </p>
    ),
    needs: [],
  },
];

export const PRICING_FAQ: FaqItem[] = availableClaims(QUESTIONS);
