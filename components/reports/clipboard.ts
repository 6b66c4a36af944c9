// The clipboard, written from the page: navigator.clipboard needs no permission after a click.

/** Writes `text` to the clipboard; false when the browser refused (no focus, no recent click). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
