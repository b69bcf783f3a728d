import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.ts';
import type { Category } from '../../../../shared/schemas/category.schema.ts';
import ManageCategoriesPage from './manage-categories-page.tsx';
import { apiError, bodyOf, pathOf, sent, server } from '../../../../../tests/support/msw.ts';
import { renderPage } from '../../../../../tests/support/render-page.tsx';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-toastify', () => ({ toast: toastMock }));

const category = (n: number, slug: string, name: string, productCount: number): Category => ({
  _id: `10000000-0000-4000-8000-00000000000${n}`,
  slug,
  name,
  nameBn: null,
  productCount,
});
const writes = () => sent.filter((request) => request.method !== 'GET');
const rowOf = (name: string) => screen.getByText(name, { selector: 'p' }).closest('li')!;
const renameFormOf = (name: string) => screen.getByLabelText(`Rename ${name}`).closest('form')!;

describe('Manage Categories', () => {
  let categories: Category[];
  beforeEach(() => {
    toastMock.success.mockReset();
    toastMock.error.mockReset();
    categories = [
      category(1, 'uncategorised', 'Uncategorised', 0),
      category(2, 'hand-tools', 'Hand tools', 4),
      category(3, 'greenhouse', 'Greenhouse', 0),
    ];
    server.use(
      http.get('/api/categories', () => HttpResponse.json(categories)),
      http.post('/api/categories', () =>
        HttpResponse.json({ insertedId: '10000000-0000-4000-8000-000000000009' }, { status: 201 }),
      ),
      http.put('/api/categories/:id', () => HttpResponse.json({ modifiedCount: 1 })),
      http.delete('/api/categories/:id', () => HttpResponse.json({ deletedCount: 1 })),
    );
  });

  it('lists every category with its product count; only an empty one other than Uncategorised can go', async () => {
    renderPage(<ManageCategoriesPage />);
    expect(await screen.findByText('Hand tools')).toBeInTheDocument();
    expect(within(rowOf('Hand tools')).getByText(/4 products/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Hand tools' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove Uncategorised' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove Greenhouse' })).toBeEnabled();
  });

  it('adds a category, refusing an empty name first', async () => {
    const user = userEvent.setup();
    renderPage(<ManageCategoriesPage />);
    await user.click(await screen.findByRole('button', { name: messages.addCategory }));
    expect(await screen.findByText('Category name is required')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
    await user.type(screen.getByLabelText(messages.categoryName), 'Poultry equipment');
    await user.click(screen.getByRole('button', { name: messages.addCategory }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith(messages.categoryAdded));
    expect(writes().map(pathOf)).toEqual(['/api/categories']);
    expect(await bodyOf(writes()[0]!)).toEqual({ name: 'Poultry equipment' });
    expect(screen.getByLabelText(messages.categoryName)).toHaveValue('');
  });

  it('renames a category in its row', async () => {
    const user = userEvent.setup();
    renderPage(<ManageCategoriesPage />);
    await user.click(await screen.findByRole('button', { name: 'Rename Hand tools' }));
    const field = screen.getByLabelText('Rename Hand tools');
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, 'Hand tools and spares');
    await user.click(screen.getByRole('button', { name: messages.saveChanges }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith(messages.categoryRenamed));
    expect(writes().map((request) => `${request.method} ${pathOf(request)}`)).toEqual([
      'PUT /api/categories/10000000-0000-4000-8000-000000000002',
    ]);
    expect(await bodyOf(writes()[0]!)).toEqual({ name: 'Hand tools and spares' });
  });

  it('adds a category with its Bengali name, and gives, changes and clears a Bengali name on rename', async () => {
    categories[2] = { ...categories[2]!, nameBn: 'গ্রিনহাউস' };
    const user = userEvent.setup();
    renderPage(<ManageCategoriesPage />);
    // The row shows the Bengali name beside the English one.
    expect(await screen.findByText('গ্রিনহাউস')).toBeInTheDocument();

    await user.type(screen.getByLabelText(messages.categoryName), 'Poultry equipment');
    await user.type(screen.getByLabelText(messages.categoryNameBn), 'ক'.repeat(61));
    await user.click(screen.getByRole('button', { name: messages.addCategory }));
    expect(await screen.findByText('Bengali name must be at most 60 characters')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
    await user.clear(screen.getByLabelText(messages.categoryNameBn));
    await user.type(screen.getByLabelText(messages.categoryNameBn), 'হাঁস-মুরগির সরঞ্জাম');
    await user.click(screen.getByRole('button', { name: messages.addCategory }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith(messages.categoryAdded));
    expect(await bodyOf(writes()[0]!)).toEqual({ name: 'Poultry equipment', nameBn: 'হাঁস-মুরগির সরঞ্জাম' });

    // Renaming Hand tools, which has none, gives it one.
    await user.click(screen.getByRole('button', { name: 'Rename Hand tools' }));
    await user.type(within(renameFormOf('Hand tools')).getByLabelText(messages.categoryNameBn), 'হাতের যন্ত্র');
    await user.click(screen.getByRole('button', { name: messages.saveChanges }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith(messages.categoryRenamed));
    expect(await bodyOf(writes()[1]!)).toEqual({ name: 'Hand tools', nameBn: 'হাতের যন্ত্র' });

    // Greenhouse's is shown in its box and cleared with it: an empty name clears it.
    await user.click(screen.getByRole('button', { name: 'Rename Greenhouse' }));
    const bengali = within(renameFormOf('Greenhouse')).getByLabelText(messages.categoryNameBn);
    expect(bengali).toHaveValue('গ্রিনহাউস');
    await user.clear(bengali);
    await user.click(screen.getByRole('button', { name: messages.saveChanges }));
    await waitFor(() => expect(writes()).toHaveLength(3));
    expect(await bodyOf(writes()[2]!)).toEqual({ name: 'Greenhouse', nameBn: '' });
  });

  it("removes an empty category after the confirmation, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    renderPage(<ManageCategoriesPage />);
    await user.click(await screen.findByRole('button', { name: 'Remove Greenhouse' }));
    await user.click(screen.getByRole('button', { name: messages.confirmYes }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith(messages.categoryRemoved));
    expect(writes().map((request) => `${request.method} ${pathOf(request)}`)).toEqual([
      'DELETE /api/categories/10000000-0000-4000-8000-000000000003',
    ]);

    server.use(
      http.delete('/api/categories/:id', () =>
        apiError(409, 'CONFLICT', 'Move the products of this category elsewhere first'),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Remove Greenhouse' }));
    await user.click(screen.getByRole('button', { name: messages.confirmYes }));
    await waitFor(() =>
      expect(toastMock.error).toHaveBeenCalledWith('Move the products of this category elsewhere first'),
    );
  });
});
