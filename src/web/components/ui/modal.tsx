import { useEffect, useRef, type ReactNode } from 'react';
import { t } from '../../lib/i18n.ts';

/**
 * The shop's modal: a native <dialog> (focus trapping and Escape for free), shown while `open`;
 * closing it (Escape, the backdrop, a button) calls `onClose`. `onOpen` runs as it opens, to
 * fill a form and move the focus.
 */
export function Modal({
  open,
  onClose,
  onOpen,
  labelledBy,
  children,
}: {
  open: boolean;
  onClose: () => void;
  onOpen?: () => void;
  /** The id of the heading that names the dialog. */
  labelledBy: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      onOpen?.();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, onOpen]);
  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      onClose={onClose}
      aria-labelledby={labelledBy}
    >
      <div className="modal-box">{children}</div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" aria-label={t.close}>
          {t.close}
        </button>
      </form>
    </dialog>
  );
}
