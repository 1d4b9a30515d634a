import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import '../lib/i18n';
import { ToastProvider } from './ToastProvider';

import { OnDemandConfirmDialog } from './OnDemandConfirmDialog';

// The dialog's chunk: it fails while mockFailures > 0, as a chunk does on a lost connection.
let mockFailures = 0;
jest.mock('./ConfirmDialog', () => {
  if (mockFailures > 0) {
    mockFailures--;
    throw new TypeError('Failed to fetch dynamically imported module: /assets/ConfirmDialog.js');
  }
  return jest.requireActual('./ConfirmDialog');
});

/** A page with a button that opens the dialog, as AreasPage uses it. */
function harness(onConfirm: () => void, onCancel: () => void) {
  function Page() {
    const [open, setOpen] = useState(false);
    return (
      <ToastProvider>
        <button onClick={() => setOpen(true)}>Remove</button>
        <OnDemandConfirmDialog
          open={open}
          title="Remove Life Area?"
          message="Health will be removed."
          cancelLabel="Cancel"
          confirmLabel="Remove it"
          onCancel={() => {
            onCancel();
            setOpen(false);
          }}
          onConfirm={onConfirm}
        />
      </ToastProvider>
    );
  }
  return render(<Page />);
}

describe('OnDemandConfirmDialog', () => {
  // The loaded dialog is kept for the page's lifetime, so the failing load comes first.
  it('tells the person when its code cannot be loaded, counts it as cancelled, and tries again on the next open', async () => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      mockFailures = 1;
      harness(onConfirm, onCancel);
      fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
      expect(
        await screen.findByText('This part of the page could not be loaded. Check your connection and try again.'),
      ).toBeTruthy();
      expect(onCancel).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('dialog')).toBeNull();

      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove' })));
      expect(await screen.findByRole('dialog', { name: 'Remove Life Area?' })).toBeTruthy();
      expect(onConfirm).not.toHaveBeenCalled();
    } finally {
      quiet.mockRestore();
    }
  });

  it('shows nothing while closed, and the dialog once opened; its choices reach the page', async () => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    harness(onConfirm, onCancel);
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Life Area?' });
    expect(dialog.textContent).toContain('Health will be removed.');
    // The safe choice has the focus.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove it' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });
});
