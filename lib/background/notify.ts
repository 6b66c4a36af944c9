// Desktop notifications for actions started outside the popup (right-click menu, keyboard), and
// what a click on one does: open the report, or the options page when not connected.
import { browser } from 'wxt/browser';
import { effectiveSiteUrl, loadSettings } from '../settings';

export const NOT_CONNECTED_NOTIFICATION = 'not-connected';
const REPORT_PREFIX = 'report:';

export function reportNotificationId(reportId: number): string {
  return `${REPORT_PREFIX}${reportId}`;
}

/** Shows a notification; a failure to show one is not worth failing the action for. */
export async function notify(id: string, title: string, message: string): Promise<void> {
  try {
    await browser.notifications.create(id, {
      type: 'basic',
      iconUrl: browser.runtime.getURL('/icon/128.png'),
      title,
      message,
    });
  } catch (error) {
    console.warn('Site Report: could not show a notification', error);
  }
}

export async function handleNotificationClick(id: string): Promise<void> {
  if (id === NOT_CONNECTED_NOTIFICATION) {
    await browser.runtime.openOptionsPage();
  } else if (id.startsWith(REPORT_PREFIX)) {
    const reportId = Number(id.slice(REPORT_PREFIX.length));
    const { settings } = await loadSettings();
    const site = effectiveSiteUrl(settings);
    if (Number.isInteger(reportId) && site) {
      await browser.tabs.create({ url: `${site}/reports/${reportId}` });
    }
  }
  await browser.notifications.clear(id);
}
