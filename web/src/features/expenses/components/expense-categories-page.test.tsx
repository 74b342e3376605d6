import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { category } from '../testing/fixtures';
import { moveItem } from '../utils/reorder';
import { ExpenseCategoriesPage } from './expense-categories-page';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

const categories = [
  category(1, { name: 'Alquileres' }),
  category(2, { name: 'Seguros' }),
  category(3, { name: 'Publicidad' }),
];

const renderPage = () =>
  renderRoutes(
    [{ path: '/app/companies/:companyId/expense-categories', element: <ExpenseCategoriesPage /> }],
    {
      path: '/app/companies/c-1/expense-categories',
    },
  );

/** The category names in the order the table shows them. */
const shownOrder = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.querySelector('strong')?.textContent);

afterEach(() => {
  notification.destroy();
  vi.resetAllMocks();
});

describe('moveItem', () => {
  it('moves one place and stays inside the list', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('ExpenseCategoriesPage', { timeout: 30_000 }, () => {
  it('lists the company’s categories with their counts and reorders them with the arrows', async () => {
    answerApi(apiRequest, {
      'expenseCategories.list': categories,
      'expenseCategories.counts': [
        { categoryId: 'cat-1', name: 'Alquileres', count: 4 },
        { categoryId: null, name: null, count: 2 },
      ],
      'expenseCategories.reorder': ({ body }: { body?: unknown }) =>
        (body as { categoryIds: string[] }).categoryIds.map((id, order) => ({
          ...categories.find((c) => c.categoryId === id)!,
          order,
        })),
    });
    renderPage();
    await screen.findByText('Alquileres');
    expect(shownOrder()).toEqual(['Alquileres', 'Seguros', 'Publicidad']);
    const first = screen.getByText('Alquileres').closest('tr')!;
    await waitFor(() => expect(within(first).getByText('4')).toBeTruthy());
    expect((screen.getByRole('button', { name: 'Subir Alquileres' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    // The list answers with the new order too once the reorder is saved.
    answerApi(apiRequest, {
      'expenseCategories.list': [categories[1], categories[0], categories[2]],
      'expenseCategories.counts': [],
      'expenseCategories.reorder': [],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Bajar Alquileres' }));

    await waitFor(() => expect(callsTo(apiRequest, 'expenseCategories.reorder')).toHaveLength(1));
    expect(callsTo(apiRequest, 'expenseCategories.reorder')[0]).toMatchObject({
      companyId: 'c-1',
      body: { categoryIds: ['cat-2', 'cat-1', 'cat-3'] },
    });
    await waitFor(() => expect(shownOrder()).toEqual(['Seguros', 'Alquileres', 'Publicidad']));
  });

  it('puts the old order back when the server refuses the new one', async () => {
    answerApi(apiRequest, {
      'expenseCategories.list': categories,
      'expenseCategories.counts': [],
      'expenseCategories.reorder': () => {
        throw new ApiError({
          code: 'CORE_004',
          message: 'La lista debe contener cada categoría.',
          status: 400,
        });
      },
    });
    renderPage();
    await screen.findByText('Publicidad');
    fireEvent.click(screen.getByRole('button', { name: 'Subir Publicidad' }));
    await waitFor(() => expect(callsTo(apiRequest, 'expenseCategories.reorder')).toHaveLength(1));
    expect(callsTo(apiRequest, 'expenseCategories.reorder')[0]!.body).toEqual({
      categoryIds: ['cat-1', 'cat-3', 'cat-2'],
    });
    await waitFor(() => expect(shownOrder()).toEqual(['Alquileres', 'Seguros', 'Publicidad']));
  });
});
