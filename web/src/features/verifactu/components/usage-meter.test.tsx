import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UsageMeter } from './usage-meter';

describe('UsageMeter', () => {
  it('groups four-digit counts and writes the percentage es-ES', () => {
    render(
      <UsageMeter
        usage={{
          currentUsage: 1250,
          limit: 2000,
          period: '2026-03',
          planName: 'Plan Profesional',
          percentage: 62.5,
          level: 'OK',
        }}
      />,
    );
    expect(screen.getByText(/1\.250 de 2\.000 envíos/)).toBeTruthy();
    expect(screen.getByLabelText('Uso del 62,5 %')).toBeTruthy();
  });
});
