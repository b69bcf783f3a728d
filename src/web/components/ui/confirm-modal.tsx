import { useEffect, useRef } from 'react';
import { t } from '../../lib/i18n.ts';

interface ConfirmDeleteModalProps {
  /** Open while this is true; closing (No, Escape, backdrop) calls onCancel. */
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}

/**
 * The delete-confirmation modal of spec section 2, used for products and orders:
 * 'Are you sure you want to delete?' with 'Yes, I am sure' and 'No'.
 * A native <dialog> gives focus trapping and Escape for free.
 */
export function ConfirmDeleteModal({ open, onConfirm, onCancel, busy = false }: ConfirmDeleteModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      onClose={onCancel}
      aria-labelledby="confirm-delete-title"
    >
      <div className="modal-box">
        <h3 id="confirm-delete-title" className="text-lg font-bold">
          {t.confirmDelete}
        </h3>
        <div className="modal-action">
          <button type="button" className="btn btn-error" onClick={onConfirm} disabled={busy}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t.confirmYes}
          </button>
          <button type="button" className="btn" onClick={onCancel} disabled={busy}>
            {t.confirmNo}
          </button>
        </div>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" aria-label={t.close}>
          close
        </button>
      </form>
    </dialog>
  );
}
