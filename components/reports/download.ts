// Saves a file from the page itself: a Blob, an object URL and a temporary <a download> — no
// `downloads` permission. The URL is revoked a while after the click, since Firefox reads the
// blob only after the click has returned.
import type { ExportFile } from '../../lib/reports/export';

const REVOKE_AFTER_MS = 60_000;

export function downloadFile(file: ExportFile, doc: Document = document): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: file.type }));
  const link = doc.createElement('a');
  link.href = url;
  link.download = file.name;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
