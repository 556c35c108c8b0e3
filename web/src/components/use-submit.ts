/**
 * A form's submit state: runs the action once at a time, and keeps the broker's error message
 * for the form to show (role="alert") until the next try.
 */
import { useState } from 'preact/hooks';
import { errorMessage } from '../api';

export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(action: () => Promise<unknown>): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    setError(null);
    try {
      await action();
      return true;
    } catch (err) {
      setError(errorMessage(err));
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, setError, run };
}
