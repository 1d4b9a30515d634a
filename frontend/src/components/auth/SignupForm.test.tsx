import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import '../../lib/i18n';
import { SignupForm } from './SignupForm';

const mockRegister = jest.fn();
jest.mock('../../lib/auth-api', () => ({ register: (...args: unknown[]) => mockRegister(...args) }));

function renderForm() {
  return render(
    <MemoryRouter>
      <SignupForm />
    </MemoryRouter>,
  );
}

const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' });

describe('SignupForm', () => {
  beforeEach(() => mockRegister.mockReset());

  it('marks each empty required field after a submit, and sends nothing', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please complete all required fields before continuing')).toBeTruthy();
    for (const name of [/^E-mail/, /^Password/, /^Confirm password/, /^Full name/])
      expect(field(name).getAttribute('aria-invalid')).toBe('true');
    expect(mockRegister).not.toHaveBeenCalled();

    fireEvent.change(field(/^Full name/), { target: { value: 'Ada Lovelace' } });
    expect(field(/^Full name/).getAttribute('aria-invalid')).toBe('false');
  });

  it('says which address the verification mail went to, and clears the form', async () => {
    mockRegister.mockResolvedValue({ message: 'ok' });
    renderForm();
    fireEvent.change(field(/^E-mail/), { target: { value: 'ada@example.com' } });
    fireEvent.change(field(/^Password/), { target: { value: 'a-long-password-1' } });
    fireEvent.change(field(/^Confirm password/), { target: { value: 'a-long-password-1' } });
    fireEvent.change(field(/^Full name/), { target: { value: 'Ada Lovelace' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(mockRegister).toHaveBeenCalled());
    expect((await screen.findByTestId('signup-result')).textContent).toContain(
      'Verification e-mail sent to ada@example.com.',
    );
    expect((field(/^E-mail/) as HTMLInputElement).value).toBe('');
    expect(field(/^E-mail/).getAttribute('aria-invalid')).toBe('false');
  });
});
