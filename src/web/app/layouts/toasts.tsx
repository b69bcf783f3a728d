import { ToastContainer } from 'react-toastify';
import { TOAST_SETTINGS } from '../../../shared/constants.ts';
import { t } from '../../lib/i18n.ts';

// Toast settings of spec section 9: 5000 ms, top-right, pause on hover, draggable at 80 %.
export default function Toasts() {
  return <ToastContainer {...TOAST_SETTINGS} aria-label={t.notifications} />;
}
