import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** The question, word for word, e.g. 'Are you sure you want to delete this tag?'. */
  message: ReactNode;
  /** Names the destructive action, e.g. 'Delete'. */
  confirmLabel?: string;
  cancelLabel?: string;
  /** While the action runs: both buttons wait, the confirm button says so. */
  busy?: boolean;
  /** The confirm button's words while the action runs; 'Deleting…' by default. */
  busyLabel?: string;
  /** `danger` (red, the default) for what destroys, `primary` (blue) for what can be undone. */
  tone?: 'danger' | 'primary';
  /** Why the action failed; the dialog stays open to try again. */
  error?: string;
  onConfirm: () => void;
  /** Escape, Cancel or a click outside. */
  onCancel: () => void;
}

/**
 * Asks before something that cannot be undone. Focus starts on Cancel and stays in the dialog;
 * Escape cancels.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  busy = false,
  busyLabel = 'Deleting…',
  tone = 'danger',
  error = '',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onCancel();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-gray-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold text-gray-900">
            {title}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-gray-600">
            {message}
          </AlertDialog.Description>
          {error && (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {error}
            </p>
          )}
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel
              disabled={busy}
              className="rounded-lg border border-gray-300 px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 disabled:opacity-60"
            >
              {cancelLabel}
            </AlertDialog.Cancel>
            <button
              type="button"
              disabled={busy}
              onClick={onConfirm}
              className={`rounded-lg px-4 py-2 text-sm font-semibold text-white disabled:opacity-60 ${
                tone === 'danger' ? 'bg-red-600 hover:bg-red-700' : 'bg-blue-600 hover:bg-blue-700'
              }`}
            >
              {busy ? busyLabel : confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
