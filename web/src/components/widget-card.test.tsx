import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../testing/render';
import { WidgetCard, type WidgetCardProps } from './widget-card';

const renderCard = (props: Partial<WidgetCardProps>) => {
  const onRetry = vi.fn();
  const view = renderRoutes([
    {
      path: '/',
      element: (
        <WidgetCard title="Métricas" loading={false} error={null} empty={false} onRetry={onRetry} {...props}>
          <p>Contenido del widget</p>
        </WidgetCard>
      ),
    },
  ]);
  return { ...view, onRetry };
};

describe('WidgetCard', () => {
  it('shows a skeleton while loading, not the content', async () => {
    const { container } = renderCard({ loading: true, error: new Error('x'), empty: true });
    expect(await screen.findByText('Métricas')).toBeTruthy();
    expect(container.querySelector('.ant-skeleton')).not.toBeNull();
    expect(screen.queryByText('Contenido del widget')).toBeNull();
    expect(screen.queryByText('Reintentar')).toBeNull();
  });

  it("shows the default error with 'Reintentar', which retries", async () => {
    const { onRetry } = renderCard({ error: new Error('boom') });
    expect(await screen.findByText('Error cargando métricas')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Contenido del widget')).toBeNull();
  });

  it('shows its own error message when given', async () => {
    renderCard({ error: true, errorMessage: 'Error cargando alertas de documentos' });
    expect(await screen.findByText('Error cargando alertas de documentos')).toBeTruthy();
  });

  it("shows 'No hay datos disponibles' when empty", async () => {
    renderCard({ empty: true });
    expect(await screen.findByText('No hay datos disponibles')).toBeTruthy();
    expect(screen.queryByText('Contenido del widget')).toBeNull();
  });

  it('shows the content and the extra otherwise', async () => {
    renderCard({ extra: <a href="/todas">Ver todas</a> });
    expect(await screen.findByText('Contenido del widget')).toBeTruthy();
    expect(screen.getByText('Ver todas')).toBeTruthy();
  });
});
