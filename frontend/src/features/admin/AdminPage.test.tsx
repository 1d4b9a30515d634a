import { act, fireEvent, render, screen } from '@testing-library/react';
import type { AdminUsersResponse } from '@clari/contracts';
import i18n from '../../lib/i18n';
import AdminPage from './AdminPage';

jest.mock('../../components/auth/AuthProvider', () => ({
  useAuth: () => ({
    user: { email: 'ada@example.com', full_name: 'Ada Admin', language: 'en', is_clinician: false, role: 'admin' },
  }),
}));

// 30 users, in pages of the size asked for.
const mockListUsers = jest.fn(async (_search: string, page: number, pageSize: number): Promise<AdminUsersResponse> => {
  const all = Array.from({ length: 30 }, (_, i) => ({ full_name: `User ${i + 1}`, email: `user${i + 1}@example.com` }));
  return { items: all.slice((page - 1) * pageSize, page * pageSize), total: all.length, page, pageSize };
});
jest.mock('./admin-api', () => ({
  listUsers: (...args: [string, number, number]) => mockListUsers(...args),
}));

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('AdminPage', () => {
  it.each([
    ['en', 'Rows per page', '1–25 of 30', 'Go to next page', '26–30 of 30', 'Go to previous page'],
    ['sv', 'Rader per sida', '1–25 av 30', 'Gå till nästa sida', '26–30 av 30', 'Gå till föregående sida'],
  ])(
    'words its pagination in the page’s language (%s)',
    async (language, rowsPerPage, firstPage, next, secondPage, previous) => {
      await act(() => i18n.changeLanguage(language));
      render(<AdminPage />);
      expect(await screen.findByText(firstPage)).toBeTruthy();
      expect(screen.getByText(rowsPerPage, { exact: false })).toBeTruthy();

      fireEvent.click(screen.getByRole('button', { name: next }));
      expect(await screen.findByText(secondPage)).toBeTruthy();
      expect(screen.getByText('user30@example.com')).toBeTruthy();
      expect(screen.getByRole('button', { name: previous })).toBeTruthy();
    },
  );
});
