import { t } from '../../lib/i18n.ts';
import { Modal } from './modal.tsx';

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
 */
export function ConfirmDeleteModal({ open, onConfirm, onCancel, busy = false }: ConfirmDeleteModalProps) {
  return (
    <Modal open={open} onClose={onCancel} labelledBy="confirm-delete-title">
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
    </Modal>
  );
}
