import { describe, expect, it } from 'vitest';
import {
  daysText,
  healthReasonText,
  recordKeyLabel,
  withholdingOfSourceKey,
  withholdingText,
} from './tax-labels';

describe('healthReasonText', () => {
  it('shows a health status code of the analysis as its Spanish label', () => {
    expect(healthReasonText('Regla «Con obligaciones vencidas el estado es como máximo WARNING».')).toBe(
      'Regla «Con obligaciones vencidas el estado es como máximo “Con incidencias”».',
    );
    expect(healthReasonText('De CRITICAL a GOOD')).toBe('De “Crítica” a “Buena”');
  });

  it('leaves a reason without codes as it is', () => {
    const reason = 'Regla «Obligación vencida sin presentar» (−25 cada una): 1 → −25. Modelo 115 · 3T 2026.';
    expect(healthReasonText(reason)).toBe(reason);
  });
});

describe('daysText', () => {
  it('says día or días', () => {
    expect(daysText(1)).toBe('1 día');
    expect(daysText(37)).toBe('37 días');
    expect(daysText(0)).toBe('Hoy');
  });
});

describe('withholdingText', () => {
  it('names the kind and its key, or the kind alone when it has one key', () => {
    expect(withholdingText('PROFESSIONAL', 'G01')).toBe(
      'Actividades profesionales · G.01 Actividades profesionales (tipo general)',
    );
    expect(withholdingText('RENT', '-')).toBe('Arrendamiento de inmuebles urbanos');
    expect(withholdingText('CAPITAL', 'ZZZ')).toBe(
      'Rendimientos del capital mobiliario (intereses, dividendos) · Clave ZZZ',
    );
  });

  it('reads the withholding of a box source key, and nothing from other keys', () => {
    expect(withholdingOfSourceKey('RECEIVED:IRPF|RENT|-')).toBe('Arrendamiento de inmuebles urbanos');
    expect(withholdingOfSourceKey('ISSUED:IRPF')).toBe('Retenciones soportadas (clientes)');
    expect(withholdingOfSourceKey('ISSUED:S1|2100|0|ES|0|G')).toBeNull();
  });
});

describe('recordKeyLabel for the annual withholding summaries', () => {
  it('words a 190 record by its key and subkey, a 180 record by its kind', () => {
    expect(recordKeyLabel('190', 'G', '01')).toBe('G.01 Actividades profesionales (tipo general)');
    expect(recordKeyLabel('180', '-')).toBe('Arrendamiento de inmuebles urbanos');
    expect(recordKeyLabel('190', 'Z', '09')).toBe('Clave Z.09');
    expect(recordKeyLabel('349', 'E')).toBe('Entregas intracomunitarias de bienes');
  });
});
