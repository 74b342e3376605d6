/**
 * Threshold alerts (issue 13 item 4): what the year's invoicing figures (shared/fiscal/thresholds.ts,
 * from the running tax aggregates) say the tax profile is missing. Pure: one alert per rule that
 * applies, most urgent first. The figures come from the invoices recorded in Cuadra only, so every
 * message says so: the census facts stay the gestor's decision.
 */

import { type AlertPriority, priorityRank } from '@shared/fiscal/fiscal-alerts';
import { formatEuros } from '@shared/fiscal/money';
import {
  LARGE_COMPANY_THRESHOLD_CENTS,
  MODELO_347_THRESHOLD_CENTS,
  MODELO_349_QUARTER_THRESHOLD_CENTS,
} from '@shared/fiscal/thresholds';
import type { ThresholdAlert } from '@shared/schemas/tax';
import type { ThresholdStatisticsView } from '@shared/schemas/tax-aggregates';
import type { TaxProfileFacts } from '@shared/schemas/tax-profile';

/** Share of the large-company threshold (basis points) from which the approaching alert shows. */
export const LARGE_COMPANY_WARNING_BP = 8000;

type Facts = Pick<
  TaxProfileFacts,
  'largeCompany' | 'siiEnabled' | 'intraEuOperations' | 'intraEuMonthly' | 'vatZone'
>;

const SOURCE = 'según las facturas registradas en Cuadra';

/** '2026-Q3' → '3T 2026'. */
const quarterLabel = (q: string | null) => (q ? `${q.slice(6)}T ${q.slice(0, 4)}` : 'un trimestre');

function largeCompany(stats: ThresholdStatisticsView, facts: Facts, year: number): ThresholdAlert | null {
  if (facts.largeCompany) return null;
  const value = stats.turnover.valueCents;
  if (value > LARGE_COMPANY_THRESHOLD_CENTS) {
    // Art. 121 LIVA (volume of operations) and RIVA (RD 1624/1992) art. 71.3: above 6.010.121,04 €
    // in a year, the returns of the next one are monthly; RIVA art. 62.6: monthly filers keep their
    // VAT books through the SII.
    return {
      code: 'LARGE_COMPANY_EXCEEDED',
      model: '303',
      priority: 'critical',
      title: 'Volumen de operaciones por encima de 6.010.121,04 €',
      message:
        `En ${year} el volumen de operaciones ${SOURCE} es de ${formatEuros(value)}. Por encima de ` +
        `6.010.121,04 € la empresa pasa a ser gran empresa: desde el 1 de enero de ${year + 1} presenta ` +
        'el IVA y las retenciones cada mes y lleva los libros de IVA por el SII (art. 121 LIVA; arts. 71.3 y ' +
        '62.6 del Reglamento del IVA). Actualiza el perfil fiscal (gran empresa y SII) con la declaración censal.',
      thresholdCents: LARGE_COMPANY_THRESHOLD_CENTS,
      valueCents: value,
    };
  }
  if (value * 10_000 > LARGE_COMPANY_THRESHOLD_CENTS * LARGE_COMPANY_WARNING_BP) {
    return {
      code: 'LARGE_COMPANY_APPROACHING',
      model: '303',
      priority: 'medium',
      title: 'Volumen de operaciones cerca del umbral de gran empresa',
      message:
        `En ${year} el volumen de operaciones ${SOURCE} es de ${formatEuros(value)}, más del 80 % de ` +
        '6.010.121,04 €. Si lo supera al cierre del año, desde el año siguiente la empresa presentará el IVA ' +
        'cada mes y por el SII (art. 121 LIVA; arts. 71.3 y 62.6 del Reglamento del IVA).',
      thresholdCents: LARGE_COMPANY_THRESHOLD_CENTS,
      valueCents: value,
    };
  }
  return null;
}

/**
 * Modelo 349 is an IVA return: Canarias, Ceuta and Melilla are outside the EU VAT territory (art. 3
 * LIVA), their trade with the EU is exports and imports, so no intra-EU alert applies there.
 */
function intraEu(stats: ThresholdStatisticsView, facts: Facts): ThresholdAlert[] {
  if (facts.vatZone !== 'PENINSULA') return [];
  const out: ThresholdAlert[] = [];
  const total = stats.intraEu.issued.valueCents + stats.intraEu.received.valueCents;
  if (total > 0 && !facts.intraEuOperations) {
    // RD 1065/2007 (RGAT) art. 78: whoever makes intra-EU deliveries, acquisitions or services files the 349.
    out.push({
      code: 'INTRA_EU_NOT_DECLARED',
      model: '349',
      priority: 'high',
      title: 'Operaciones intracomunitarias sin modelo 349 en el perfil',
      message:
        `Hay operaciones intracomunitarias ${SOURCE} (${formatEuros(total)} en ${stats.year}) y el perfil ` +
        'fiscal no las declara: quien las realiza presenta la declaración recapitulativa, modelo 349 (art. 78 ' +
        'del RD 1065/2007), y debe estar dado de alta en el ROI. Marca las operaciones intracomunitarias en el perfil.',
      thresholdCents: null,
      valueCents: total,
    });
  }
  const largest = stats.intraEu.largestQuarter;
  if (largest.valueCents > MODELO_349_QUARTER_THRESHOLD_CENTS && !facts.intraEuMonthly) {
    // RGAT art. 81.2: the 349 is monthly when intra-EU deliveries and services exceed 50.000 € in the
    // quarter or in any of the four before.
    out.push({
      code: 'INTRA_EU_MONTHLY_349',
      model: '349',
      priority: 'high',
      title: 'Modelo 349 mensual: más de 50.000 € en un trimestre',
      message:
        `Las entregas y servicios intracomunitarios ${SOURCE} suman ${formatEuros(largest.valueCents)} en el ` +
        `${quarterLabel(largest.quarter)}, más de 50.000 €: el modelo 349 pasa a ser mensual desde el mes en ` +
        'que se superó (art. 81 del RD 1065/2007). Marca el 349 mensual en el perfil fiscal.',
      thresholdCents: MODELO_349_QUARTER_THRESHOLD_CENTS,
      valueCents: largest.valueCents,
    });
  }
  return out;
}

/** RGAT art. 33 (threshold) and art. 32.1.d (SII filers are exempt from the 347). */
function modelo347(stats: ThresholdStatisticsView, facts: Facts, year: number): ThresholdAlert | null {
  const t = stats.modelo347.threshold;
  if (facts.siiEnabled || t.count === 0) return null;
  const who = t.count === 1 ? '1 cliente o proveedor supera' : `${t.count} clientes o proveedores superan`;
  return {
    code: 'MODELO_347_COUNTERPARTIES',
    model: '347',
    priority: 'low',
    title: `Modelo 347: ${who} 3.005,06 €`,
    message:
      `En ${year}, ${who} 3.005,06 € de operaciones ${SOURCE}: se declaran en el modelo 347 de febrero de ` +
      `${year + 1} (arts. 31 a 35 del RD 1065/2007).`,
    thresholdCents: MODELO_347_THRESHOLD_CENTS,
    valueCents: t.valueCents,
  };
}

/** The threshold alerts of a year's figures against the profile's facts, most urgent first. */
export function thresholdAlerts(stats: ThresholdStatisticsView, facts: Facts): ThresholdAlert[] {
  const year = Number(stats.year);
  const alerts = [largeCompany(stats, facts, year), ...intraEu(stats, facts), modelo347(stats, facts, year)];
  const rank = (p: AlertPriority) => priorityRank[p];
  return alerts
    .filter((a): a is ThresholdAlert => a !== null)
    .sort((a, b) => rank(a.priority) - rank(b.priority));
}
