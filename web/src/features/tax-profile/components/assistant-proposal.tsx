/**
 * What the assistant's 'Analizar' proposes (taxAssistant.analyze): the census facts the answers
 * imply, the models those facts bring with the reason of each, and the issues (errors stop
 * 'Aplicar'; warnings are advice).
 */
import type { AssistantIssue, AssistantProposal } from '@shared/schemas/tax';
import {
  DOMICILIABLE_MODELS,
  irpfMethodLabels,
  type TaxProfileFacts,
  vatRegimeLabels,
  vatZoneLabels,
} from '@shared/schemas/tax-profile';
import { formatBp } from '@web/lib/money-input';
import { Alert, Card, Descriptions, Flex, Grid } from 'antd';
import { FACT_LABELS, issueFieldLabel, yesNo } from '../utils/labels';
import { RequiredModels } from './required-models';

export const hasBlockingIssues = (issues: readonly AssistantIssue[]) =>
  issues.some((i) => i.severity === 'error');

/** The proposed facts worth reading: the regime and territory always, then every "yes" and rate. */
export function proposedFactRows(facts: TaxProfileFacts): { key: string; label: string; value: string }[] {
  const rows = [
    { key: 'vatRegime', label: FACT_LABELS.vatRegime, value: vatRegimeLabels[facts.vatRegime] },
    { key: 'vatZone', label: FACT_LABELS.vatZone, value: vatZoneLabels[facts.vatZone] },
  ];
  if (facts.irpfMethod) {
    rows.push({
      key: 'irpfMethod',
      label: FACT_LABELS.irpfMethod,
      value: irpfMethodLabels[facts.irpfMethod],
    });
  }
  if (facts.irpfRateBp > 0) {
    rows.push({ key: 'irpfRateBp', label: FACT_LABELS.irpfRateBp, value: formatBp(facts.irpfRateBp) });
  }
  if (facts.prorrataBp !== null) {
    rows.push({ key: 'prorrataBp', label: FACT_LABELS.prorrataBp, value: formatBp(facts.prorrataBp) });
  }
  const flags = [
    'siiEnabled',
    'largeCompany',
    'redeme',
    'vatGroup',
    'cashAccounting',
    'withholdingExemption130',
    'hasEmployees',
    'paysProfessionals',
    'rentsPremises',
    'paysDividendsOrInterest',
    'paysNonResidents',
    'intraEuOperations',
    'intraEuMonthly',
    'ossRegistered',
    'assetsAbroad',
  ] as const;
  for (const flag of flags) {
    if (facts[flag]) rows.push({ key: flag, label: FACT_LABELS[flag], value: yesNo(true) });
  }
  const debited = DOMICILIABLE_MODELS.filter((m) => facts.domiciliation[m] === true);
  rows.push({
    key: 'domiciliation',
    label: FACT_LABELS.domiciliation,
    value: debited.length ? debited.map((m) => `Modelo ${m}`).join(', ') : 'Ningún modelo',
  });
  if (facts.fiscalYearEnd !== '12-31') {
    rows.push({ key: 'fiscalYearEnd', label: FACT_LABELS.fiscalYearEnd, value: facts.fiscalYearEnd });
  }
  return rows;
}

export function AssistantProposalView({ proposal }: { proposal: AssistantProposal }) {
  // On a phone each fact's name above its value: side by side both would wrap word by word.
  const phone = Grid.useBreakpoint().sm === false;
  const errors = proposal.issues.filter((i) => i.severity === 'error');
  const warnings = proposal.issues.filter((i) => i.severity === 'warning');
  return (
    <Flex vertical gap={16}>
      {errors.length || warnings.length ? (
        <Flex vertical gap={8} aria-label="Incidencias">
          {[...errors, ...warnings].map((issue) => (
            <Alert
              key={`${issue.field}-${issue.message}`}
              type={issue.severity === 'error' ? 'error' : 'warning'}
              showIcon
              title={issueFieldLabel(issue.field)}
              description={issue.message}
            />
          ))}
        </Flex>
      ) : null}
      <Card size="small" title="Datos fiscales propuestos">
        <Descriptions
          size="small"
          column={1}
          layout={phone ? 'vertical' : 'horizontal'}
          items={proposedFactRows(proposal.facts).map((row) => ({
            key: row.key,
            label: row.label,
            children: row.value,
          }))}
        />
      </Card>
      <Card size="small" title="Modelos que presentará">
        <RequiredModels models={proposal.requiredModels} label="Modelos propuestos" />
      </Card>
    </Flex>
  );
}
