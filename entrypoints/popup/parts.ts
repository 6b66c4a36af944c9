// What the popup loads after its first content, in one chunk (see lazy-parts.ts, which alone
// imports it): one import() in popup.html's code for all of them, not one each. The alerts' and
// dialogs' styles come with them.
import '../../components/alert.css';
import '../../components/dialog.css';

export { ConfirmDialog } from '../../components/ConfirmDialog';
export { ErrorAlert } from '../../components/ErrorAlert';
export { send } from '../../lib/send';
export { NotReady } from './NotReady';
export { PrivacyEditor } from './this-page/PrivacyEditor';
export { pageActions } from './this-page/page-actions';
