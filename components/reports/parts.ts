// What the Reports tab needs only once the user acts or a job runs, in one chunk (see
// lazy-parts.ts, which alone imports it): its dialogs, its jobs' progress, and an export's file.
// The tab's first rows do not wait for it; the workspace preloads it once it is on screen.
export { exportFile } from '../../lib/reports/export';
export { downloadFile } from './download';
export { ReportsDialogs } from './ReportsDialogs';
export { ReportsProgress } from './ReportsProgress';
