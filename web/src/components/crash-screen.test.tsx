import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from '../app/route-error';
import '../testing/render';
import { CrashScreen } from './crash-screen';
import { ErrorBoundary } from './error-boundary';

function Broken(): never {
  throw new Error('No se pudo leer la factura F-7');
}

afterEach(() => vi.restoreAllMocks());

describe('crash screen (spec part 1 §8)', () => {
  it('replaces a crashed tree with the message, the error and a reload button', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Algo salió mal' })).toBeTruthy();
    expect(screen.getByText('Ha ocurrido un error inesperado. Por favor, recarga la página.')).toBeTruthy();
    expect(screen.getByText('No se pudo leer la factura F-7')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recargar página' })).toBeTruthy();
  });

  it('reloads the page from its button', () => {
    const onReload = vi.fn();
    render(<CrashScreen detail="x" onReload={onReload} />);
    fireEvent.click(screen.getByRole('button', { name: 'Recargar página' }));
    expect(onReload).toHaveBeenCalled();
  });

  it('replaces a route that fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(
      <MemoryRouter>
        <RouteErrorBoundary>
          <Broken />
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Algo salió mal' })).toBeTruthy();
    expect(screen.getByText('No se pudo leer la factura F-7')).toBeTruthy();
  });
});
