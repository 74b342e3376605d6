/**
 * GET fiscal-analysis and GET threshold-alerts through the real pipeline on an in-memory table:
 * the stored obligations and the invoices' running aggregates (written by the same Update items the
 * invoice confirmations write) turned into the health score, recommendations, compliance, metrics
 * and threshold alerts; CONFIGURATION_NOT_FOUND / TAX_021 without a profile.
 */

import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { aggregateUpdateItems } from '@functions/lib/tax-aggregates';
import { type ReceivedForAggregates, receivedContribution } from '@shared/fiscal/tax-aggregates';
import type { ThresholdAlert } from '@shared/schemas/tax';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FiscalAnalysisAnswer } from './actions/fiscal-analysis';
import type { ThresholdAlertsAnswer } from './actions/threshold-alerts';
import { company, member, obligation, profile, TABLE, taxHarness } from './testing/tax-harness';

const { table, deps, call } = taxHarness(new Date('2026-03-10T10:00:00.000Z'));

const OWNER = { userId: 'u-owner', groups: ['CLIENTE'] };
const CLIENTE = { userId: 'u-cliente', groups: ['CLIENTE'] };
const params = { companyId: 'co-a' };

/** An intra-EU acquisition of goods recorded in February 2026 (modelo 349 material). */
async function intraEuAcquisition(baseCents: number) {
  const rec: ReceivedForAggregates = {
    date: '2026-02-01',
    supplier: { taxIdKey: 'DE:NIF_IVA:DE123456789', name: 'Lieferant GmbH', country: 'DE' },
    lines: [
      {
        kind: 'INTRA_EU_GOODS',
        vatRateBp: 2100,
        recargoRateBp: 0,
        baseCents,
        vatCents: (baseCents * 21) / 100,
        recargoCents: 0,
        deductibleVatCents: (baseCents * 21) / 100,
        investmentGoods: false,
      },
    ],
    irpfCents: 0,
    totalCents: baseCents,
  };
  await deps.db.send(
    new TransactWriteCommand({
      TransactItems: aggregateUpdateItems(TABLE, 'co-a', receivedContribution(rec, 1)),
    }),
  );
}

beforeEach(() => {
  table.reset();
  for (const item of [
    company('co-a', 'Panadería La Espiga SL'),
    member('co-a', 'u-owner', 'OWNER'),
    member('co-a', 'u-cliente', 'CLIENTE'),
  ])
    table.put(item);
});

function seedProfileAndObligations() {
  table.put(profile('co-a', 'SL', { intraEuOperations: false, domiciliation: { '303': true } }));
  // The 4T 2025 VAT return is overdue; the 111 of the same quarter was filed on time.
  table.put(obligation('co-a', '303', '4T', 2025, '2026-01-30'));
  table.put(
    obligation('co-a', '111', '4T', 2025, '2026-01-30', { status: 'SUBMITTED', submittedAt: '2026-01-20' }),
  );
  table.put(obligation('co-a', '303', '1T', 2026, '2026-04-20', { paidByDomiciliation: true }));
}

describe('GET /tax/companies/{companyId}/fiscal-analysis', () => {
  it('answers 404 CONFIGURATION_NOT_FOUND without a tax profile', async () => {
    const res = await call(OWNER, { routeId: 'taxAnalysis.get', params });
    expect(res.status).toBe(404);
    expect(res.envelope.error?.code).toBe('CONFIGURATION_NOT_FOUND');
  });

  it('scores the obligations and the threshold alerts by the documented rules', async () => {
    seedProfileAndObligations();
    await intraEuAcquisition(40_000);
    const res = await call<FiscalAnalysisAnswer>(OWNER, { routeId: 'taxAnalysis.get', params });
    expect(res.status).toBe(200);
    const a = res.envelope.data!;
    expect(a.companyId).toBe('co-a');
    expect(a.analysisType).toBe('BASIC');
    // 100 − 25 (one overdue return) − 5 (one threshold alert) = 70; with an overdue one at most WARNING.
    expect(a.fiscalHealth).toMatchObject({ status: 'WARNING', score: 70 });
    expect(a.fiscalHealth.reasons.length).toBeGreaterThan(0);
    expect(a.compliance.find((c) => c.model === '303')).toMatchObject({
      status: 'NON_COMPLIANT',
      nextDeadline: '2026-04-20',
    });
    expect(a.compliance.find((c) => c.model === '111')).toMatchObject({ status: 'COMPLIANT' });
    expect(a.recommendations.map((r) => r.id)).toContain('OVERDUE_FILING#303');
    // Due: the two 4T returns; on time: the 111 → 50 %. Affected: 303 (overdue) and 349 (the alert).
    expect(a.metrics).toEqual({
      compliancePercentage: 50,
      totalThresholdAlerts: 1,
      modelsAffected: 2,
      lastAnalysisDate: '2026-03-10',
    });
    expect(a.thresholdAlerts).toBeUndefined();
  });

  it('leaves the recommendations out when includeRecommendations=false, and adds the threshold alerts when DETAILED', async () => {
    seedProfileAndObligations();
    await intraEuAcquisition(40_000);
    const full = await call<FiscalAnalysisAnswer>(OWNER, { routeId: 'taxAnalysis.get', params });
    const without = await call<FiscalAnalysisAnswer>(OWNER, {
      routeId: 'taxAnalysis.get',
      params,
      query: { includeRecommendations: 'false' },
    });
    expect(full.envelope.data!.recommendations.length).toBeGreaterThan(0);
    expect(without.envelope.data!.recommendations).toEqual([]);
    expect(without.envelope.data!.fiscalHealth).toEqual(full.envelope.data!.fiscalHealth);
    expect(without.envelope.data!.compliance).toEqual(full.envelope.data!.compliance);

    const detailed = await call<FiscalAnalysisAnswer>(OWNER, {
      routeId: 'taxAnalysis.get',
      params,
      query: { analysisType: 'DETAILED' },
    });
    expect(detailed.envelope.data!.analysisType).toBe('DETAILED');
    expect(detailed.envelope.data!.thresholdAlerts?.map((t) => t.code)).toEqual(['INTRA_EU_NOT_DECLARED']);

    const bad = await call(OWNER, { routeId: 'taxAnalysis.get', params, query: { analysisType: 'FULL' } });
    expect(bad.envelope.error).toMatchObject({ code: 'CORE_004', field: 'analysisType' });
  });

  it('is refused to a CLIENTE without VIEW_TAX_DOCUMENTS', async () => {
    seedProfileAndObligations();
    const res = await call(CLIENTE, { routeId: 'taxAnalysis.get', params });
    expect(res.status).toBe(403);
    expect(res.envelope.error?.code).toBe('CORE_002');
  });
});

describe('GET /tax/companies/{companyId}/threshold-alerts', () => {
  it('answers TAX_021 without a tax profile', async () => {
    const res = await call(OWNER, { routeId: 'taxThresholds.alerts', params });
    expect(res.status).toBe(400);
    expect(res.envelope.error?.code).toBe('TAX_021');
  });

  it("gives the year's alerts from the aggregates (default: the current year)", async () => {
    seedProfileAndObligations();
    await intraEuAcquisition(40_000);
    const res = await call<ThresholdAlertsAnswer>(OWNER, { routeId: 'taxThresholds.alerts', params });
    expect(res.status).toBe(200);
    expect(res.envelope.data!.year).toBe(2026);
    expect(res.envelope.data!.alerts).toEqual<ThresholdAlert[]>([
      expect.objectContaining({
        code: 'INTRA_EU_NOT_DECLARED',
        model: '349',
        priority: 'high',
        valueCents: 40_000,
        thresholdCents: null,
      }),
    ]);
    const lastYear = await call<ThresholdAlertsAnswer>(OWNER, {
      routeId: 'taxThresholds.alerts',
      params,
      query: { year: '2025' },
    });
    expect(lastYear.envelope.data).toEqual({ year: 2025, alerts: [] });
    const bad = await call(OWNER, { routeId: 'taxThresholds.alerts', params, query: { year: '1999' } });
    expect(bad.envelope.error).toMatchObject({ code: 'CORE_004', field: 'year' });
  });
});
