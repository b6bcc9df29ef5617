//! A kit screen's view dialog: one record as the screen declares it, with Close and Edit.
import { Modal } from '@atelier/ui/modal';
import type { ReactNode } from 'react';

export function RecordView({
  title,
  children,
  onClose,
  onEdit,
}: {
  title: string;
  children: ReactNode;
  onClose: () => void;
  /** Offered only when the role may edit the record. */
  onEdit?: () => void;
}) {
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={title} size="lg">
      {children}
      <div className="mt-6 flex justify-end gap-3 border-t border-gray-100 pt-4">
        <button
          type="button"
          onClick={onClose}
          className="rounded-lg border border-gray-300 px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50"
        >
          Close
        </button>
        {onEdit && (
          <button
            type="button"
            onClick={onEdit}
            className="rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700"
          >
            Edit
          </button>
        )}
      </div>
    </Modal>
  );
}
