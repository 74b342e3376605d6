/**
 * A period after the last one the AEAT has published a model's design for (issue 14 item 2): the 390
 * of 2026, while only the AEAT's 2025 design ("390 - Ejercicio 2025") exists, is computed with the
 * 2025 design under a warning and its AEAT file is refused; adding the 2026 design is only data.
 */

import { afterEach, describe, expect, it } from 'vitest';
import {
  computeModel,
  DESIGN_NOT_PUBLISHED,
  designFor,
  isDesignPublishedFor,
  modelDefinitions,
  unpublishedDesignExportRefusal,
  unpublishedDesignIssue,
} from './index';
import { design303v2024_10, design303v2026 } from './model-303';
import { compute390, type Design390, design390v2024, design390v2025 } from './model-390';
import { issued, modelInput, periodLines, received } from './testing';

const WARNING_2026 =
  'La AEAT aún no ha publicado el diseño del modelo 390 para 2026; el cálculo usa el diseño de 2025 y la exportación puede cambiar.';

const year = () =>
  periodLines(
    [issued('S1', 2100, { base: 100_000, vat: 21_000 }), issued('S1', 1000, { base: 20_000, vat: 2_000 })],
    [received('DOMESTIC', 2100, { base: 40_000, vat: 8_400 })],
  );

const notPublished = (issues: readonly { code: string }[]) =>
  issues.filter((i) => i.code === DESIGN_NOT_PUBLISHED);

describe('which periods the AEAT has published a design for', () => {
  it('the 2025 390 design is published for 2025 only, yet it is still the one that computes 2026', () => {
    expect(design390v2025.publishedThrough).toBe('2025-12-31');
    expect(design390v2025.validTo).toBeNull();
    expect(designFor('390', 2026, '0A')?.id).toBe('390-2025');
    expect(designFor('390', 2027, '0A')?.id).toBe('390-2025');
    expect(isDesignPublishedFor(design390v2025, 2025, '0A')).toBe(true);
    expect(isDesignPublishedFor(design390v2025, 2026, '0A')).toBe(false);
    expect(isDesignPublishedFor(design390v2025, 2027, '0A')).toBe(false);
    expect(isDesignPublishedFor(design390v2024, 2024, '0A')).toBe(true);
    expect(isDesignPublishedFor(design390v2025, 2026, 'XX')).toBe(false);
  });

  it('a design without publishedThrough is published for its whole validity ("2026 y siguientes")', () => {
    expect(isDesignPublishedFor(design303v2026, 2026, '1T')).toBe(true);
    expect(isDesignPublishedFor(design303v2026, 2030, '12')).toBe(true);
    expect(isDesignPublishedFor(design303v2024_10, 2025, '4T')).toBe(true);
    expect(unpublishedDesignIssue(design303v2026, 2030, '2T')).toBeUndefined();
    expect(unpublishedDesignExportRefusal(design303v2026, 2030, '2T')).toBeUndefined();
  });

  it('only the 390 declares the last exercise of its design', () => {
    for (const def of Object.values(modelDefinitions)) {
      for (const d of def.designs) {
        if (d.publishedThrough === undefined) continue;
        expect([d.id, d.modelType]).toEqual([d.id, '390']);
        expect(d.publishedThrough >= d.validFrom).toBe(true);
      }
    }
  });

  it('names the period and the design year in the warning', () => {
    expect(unpublishedDesignIssue(design390v2025, 2025, '0A')).toBeUndefined();
    expect(unpublishedDesignIssue(design390v2025, 2026, '0A')).toEqual({
      code: 'DESIGN_NOT_PUBLISHED',
      field: 'design',
      message: WARNING_2026,
      severity: 'WARNING',
    });
    expect(unpublishedDesignIssue(design390v2025, 2027, '0A')?.message).toBe(
      'La AEAT aún no ha publicado el diseño del modelo 390 para 2027; el cálculo usa el diseño de 2025 y la exportación puede cambiar.',
    );
  });
});

describe('the 390 of 2026 without a published design', () => {
  it('computes its boxes with the 2025 design and carries the warning', () => {
    const c = computeModel(modelInput('390', 2026, '0A', { lines: year() }));
    expect(c.design).toBe('390-2025');
    const direct = compute390(modelInput('390', 2026, '0A', { lines: year() }), design390v2025);
    expect(c.boxes).toEqual(direct.boxes);
    expect([c.boxes['05'], c.boxes['06'], c.boxes['03'], c.boxes['04']]).toEqual([
      100_000, 21_000, 20_000, 2_000,
    ]);
    expect([c.boxes['605'], c.boxes['606'], c.boxes['65']]).toEqual([40_000, 8_400, 14_600]);
    expect(notPublished(c.issues)).toEqual([
      { code: 'DESIGN_NOT_PUBLISHED', field: 'design', message: WARNING_2026, severity: 'WARNING' },
    ]);
    // The warning is added by the registry, not by the 390's own computation.
    expect(notPublished(direct.issues)).toEqual([]);
  });

  it('the 390 of 2025 and the 303 of 2026 carry no such warning', () => {
    expect(notPublished(computeModel(modelInput('390', 2025, '0A', { lines: year() })).issues)).toEqual([]);
    expect(notPublished(computeModel(modelInput('303', 2026, '2T')).issues)).toEqual([]);
  });

  it('refuses its AEAT file with the reason, and allows the 2025 one', () => {
    expect(unpublishedDesignExportRefusal(design390v2025, 2025, '0A')).toBeUndefined();
    expect(unpublishedDesignExportRefusal(design390v2025, 2026, '0A')).toBe(
      'La AEAT aún no ha publicado el diseño de registro del modelo 390 para 2026 (el cálculo usa el diseño de 2025): el fichero para presentarlo no se puede generar hasta que se publique.',
    );
  });
});

describe('adding the 2026 390 design is only data', () => {
  const designs = modelDefinitions['390'].designs;
  afterEach(() => {
    const i = designs.findIndex((d) => d.id === '390-2026-test');
    if (i >= 0) designs.splice(i, 1);
  });

  it('a 2026 design in the list is picked for 2026, without the warning, and a model stored before must be regenerated', () => {
    // A hypothetical 2026 design: the 2025 one, published from 2026 on.
    const d2026: Design390 = {
      ...design390v2025,
      id: '390-2026-test',
      validFrom: '2026-01-01',
      source: 'Prueba: diseño hipotético de 2026',
    };
    delete d2026.publishedThrough;
    designs.push(d2026);
    expect(designFor('390', 2025, '0A')?.id).toBe('390-2025');
    expect(designFor('390', 2026, '0A')?.id).toBe('390-2026-test');
    const c = computeModel(modelInput('390', 2026, '0A', { lines: year() }));
    expect(c.design).toBe('390-2026-test');
    expect(notPublished(c.issues)).toEqual([]);
    expect(unpublishedDesignExportRefusal(d2026, 2026, '0A')).toBeUndefined();
    expect(unpublishedDesignExportRefusal(design390v2025, 2026, '0A')).toBe(
      'El modelo 390 de 2026 se calculó con el diseño 390-2025, que la AEAT no publicó para 2026: regenéralo con el diseño 390-2026-test antes de exportarlo.',
    );
  });
});
