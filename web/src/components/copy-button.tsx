/**
 * Copies a value (a new API key, an invitation link) to the clipboard and says so to screen
 * readers. Where the Clipboard API is unavailable (plain http on another host than localhost),
 * the value's own field is selected so the person can copy it by hand.
 */
import { useState } from 'preact/hooks';

interface Props {
  value: string;
  /** The element holding the value, selected when copying is not possible. */
  fieldId: string;
  label?: string;
  testId?: string;
}

export function CopyButton({ value, fieldId, label = 'Copy', testId }: Props) {
  const [status, setStatus] = useState('');
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setStatus('Copied to the clipboard.');
    } catch {
      const field = document.getElementById(fieldId);
      if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
        field.focus();
        field.select();
      }
      setStatus('Copying is not available here: the text is selected, copy it with your keyboard.');
    }
  }
  return (
    <span class="copy">
      <button type="button" class="button" onClick={() => void copy()} data-testid={testId}>
        {label}
      </button>
      <span class="copy-status" role="status">
        {status}
      </span>
    </span>
  );
}
