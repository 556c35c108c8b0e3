/**
 * Modal dialogs on the native <dialog> element: showModal() makes the rest of the page inert (so
 * focus stays inside), Escape closes it, and focus returns to what opened it. ConfirmDialog asks
 * before a destructive action and shows the broker's error if the action fails.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { errorMessage } from '../api';
import { ErrorNotice } from './notice';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ComponentChildren;
  testId?: string;
}

export function Dialog({ title, onClose, children, testId }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      class="dialog"
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(e) => {
        // Escape: let the owner unmount the dialog (which closes it) instead of the browser.
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} class="dialog-title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}

interface ConfirmProps {
  title: string;
  message: ComponentChildren;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  danger?: boolean;
}

export function ConfirmDialog({ title, message, confirmLabel, onConfirm, onClose, danger = true }: ConfirmProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }
  return (
    <Dialog title={title} onClose={onClose} testId="confirm-dialog">
      <div class="dialog-body">{message}</div>
      <ErrorNotice message={error} />
      <div class="dialog-actions">
        <button type="button" class="button" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          class={danger ? 'button button-danger' : 'button button-primary'}
          onClick={() => void confirm()}
          disabled={busy}
          data-testid="confirm-button"
        >
          {busy ? 'Working…' : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
