import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import '../lib/i18n';
import { ToastProvider } from './ToastProvider';
import TopNav from './TopNav';

let mockClinician = false;
jest.mock('./auth/AuthProvider', () => ({
  useAuth: () => ({
    user: {
      email: 'ada@example.com',
      full_name: 'Ada Lovelace',
      language: 'en',
      is_clinician: mockClinician,
      role: 'user',
    },
    signOutAndLeave: jest.fn(),
  }),
}));
// No portrait: the bar shows the account icon.
jest.mock('../lib/profile-api', () => ({ getPortrait: async () => ({ url: null }) }));

// The menu's chunk: it fails while mockFailures > 0, as a chunk does on a lost connection.
let mockFailures = 0;
jest.mock('./ProfileMenu', () => {
  if (mockFailures > 0) {
    mockFailures--;
    throw new TypeError('Failed to fetch dynamically imported module: /assets/ProfileMenu.js');
  }
  return jest.requireActual('./ProfileMenu');
});

function renderNav(at = '/reflect') {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <ToastProvider>
        <TopNav />
      </ToastProvider>
    </MemoryRouter>,
  );
}

describe('TopNav', () => {
  it('says so when the menu cannot be loaded, and opens it on the next try', async () => {
    mockFailures = 1;
    renderNav();
    fireEvent.click(screen.getByRole('button', { name: 'Open the profile menu' }));
    expect(
      await screen.findByText('This part of the page could not be loaded. Check your connection and try again.'),
    ).toBeTruthy();
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Open the profile menu' }));
    expect(await screen.findByRole('menu')).toBeTruthy();
  });

  it('renders the bar without the menu, and the menu with its entries once opened', async () => {
    renderNav();
    const button = screen.getByRole('button', { name: 'Open the profile menu' });
    expect(screen.getByTestId('current-app').textContent).toBe('Reflect');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBeNull();

    fireEvent.click(button);
    const menu = await screen.findByRole('menu');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect([...menu.querySelectorAll('[role="menuitem"]')].map((item) => item.textContent)).toEqual([
      'Ada Lovelace',
      'Value Explorer',
      'Year Compass',
      'Reflect',
      'Edit profile',
      'Security and privacy FAQ',
      'Log out',
    ]);

    // Escape closes it.
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBeNull();
  });

  it('links every tool from every page, marks the current one, and the Journal only for clinicians', async () => {
    mockClinician = false;
    const { unmount } = renderNav('/profile');
    const toolLinks = () =>
      [...screen.getByRole('navigation', { name: 'Main navigation' }).querySelectorAll('a')].map((link) => [
        link.textContent,
        link.getAttribute('aria-current'),
      ]);
    expect(toolLinks()).toEqual([
      ['Clari', null],
      ['Value Explorer', null],
      ['Year Compass', null],
      ['Reflect', null],
    ]);
    unmount();

    mockClinician = true;
    renderNav('/journal/new');
    expect(toolLinks().slice(1)).toEqual([
      ['Value Explorer', null],
      ['Year Compass', null],
      ['Reflect', null],
      ['Journal', 'page'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Open the profile menu' }));
    const menu = await screen.findByRole('menu');
    const current = [...menu.querySelectorAll('[aria-current="page"]')].map((item) => item.textContent);
    expect(current).toEqual(['Journal']);
    mockClinician = false;
  });
});
