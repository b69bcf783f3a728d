import { t } from '../../lib/i18n.ts';
import { Modal } from './modal.tsx';
import { BusyButton } from './busy-button.tsx';

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
        <BusyButton type="button" className="btn-error" onClick={onConfirm} busy={busy}>
          {t.confirmYes}
        </BusyButton>
        <button type="button" className="btn" onClick={onCancel} disabled={busy}>
          {t.confirmNo}
        </button>
      </div>
    </Modal>
  );
}
