import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IntraEuOperationCard } from './intra-eu-operation-fields';

describe('IntraEuOperationCard', () => {
  it("shows an invoice's operation of the book OI with its type and member state in words", () => {
    render(
      <IntraEuOperationCard
        operation={{
          operationType: 'A',
          memberState: 'PT',
          termDays: 45,
          goodsDescription: 'Molde de inyección',
          operatorAddress: 'Rua Augusta 10, Lisboa',
          invoicesOrDocuments: 'Albarán 2027/12',
        }}
      />,
    );
    expect(screen.getByText('Operación intracomunitaria (libro OI)')).toBeTruthy();
    expect(screen.getByText(/^A · Envío o recepción de bienes para informes periciales/)).toBeTruthy();
    expect(screen.getByText('Portugal (PT)')).toBeTruthy();
    expect(screen.getByText('45 días')).toBeTruthy();
    expect(screen.getByText('Molde de inyección')).toBeTruthy();
    expect(screen.getByText('Albarán 2027/12')).toBeTruthy();
  });

  it('says what is missing with a dash', () => {
    render(
      <IntraEuOperationCard
        operation={{
          operationType: 'B',
          memberState: 'FR',
          goodsDescription: 'Palés',
          operatorAddress: '1 rue X, Lyon',
        }}
      />,
    );
    expect(screen.getAllByText('—')).toHaveLength(2);
  });
});
