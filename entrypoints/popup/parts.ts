// What the popup loads after its first content, in one chunk (see lazy-parts.ts, which alone
// imports it): one import() in popup.html's code for all of them, not one each. The alerts' and
// dialogs' styles come with them.
import '../../components/ui/alert.css';
import '../../components/ui/dialog.css';

export { NotReady } from '../../components/this-page/NotReady';
export { PrivacyEditor } from '../../components/this-page/PrivacyEditor';
export { pageActions } from '../../components/this-page/page-actions';
export { ConfirmDialog } from '../../components/ui/ConfirmDialog';
export { ErrorAlert } from '../../components/ui/ErrorAlert';
export { send } from '../../lib/messaging/send';
