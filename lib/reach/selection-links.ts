// "Create site reports for the links in the selection": the links the selection touches, read in
// the page, become Add pages' candidates. They travel through storage.session, not the address:
// 500 addresses make too long a URL.
import * as z from 'zod/mini';
import { addressOf } from '../audit/list';
import { defineStorageItem } from '../storage-item';

/** The most links one selection hands to Add pages. */
export const MAX_SELECTION_LINKS = 500;

/**
 * Runs in the page (scripting.executeScript): the addresses of the links that the selection's
 * ranges touch. Self-contained, as it is serialised into the page.
 */
export function linksInSelection(): string[] {
  const selection = globalThis.getSelection?.();
  if (!selection) return [];
  const hrefs: string[] = [];
  for (let index = 0; index < selection.rangeCount; index++) {
    const range = selection.getRangeAt(index);
    for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
      if (range.intersectsNode(link)) hrefs.push(link.href);
    }
  }
  return hrefs;
}

/** The http(s) addresses among `hrefs`, normalised as Add pages does, each once, at most `cap`. */
export function selectionAddresses(hrefs: readonly unknown[], cap = MAX_SELECTION_LINKS): string[] {
  const addresses = new Set<string>();
  for (const href of hrefs) {
    if (typeof href !== 'string') continue;
    const address = addressOf(href);
    if ('url' in address) addresses.add(address.url);
    if (addresses.size >= cap) break;
  }
  return [...addresses];
}

const SelectionLinks = z.object({
  addresses: z.array(z.string()),
  /** The page the links were on. */
  from: z.optional(z.string()),
});
export type SelectionLinks = z.infer<typeof SelectionLinks>;

/** Waiting for Add pages to take them; taken once. */
export const selectionLinksItem = defineStorageItem<SelectionLinks | null>(
  'session:selectionLinks',
  null,
);

/** The links waiting for Add pages, removed as they are taken; null when none (or unreadable). */
export async function takeSelectionLinks(): Promise<SelectionLinks | null> {
  try {
    const parsed = SelectionLinks.safeParse(await selectionLinksItem.getValue());
    if (!parsed.success || parsed.data.addresses.length === 0) return null;
    await selectionLinksItem.removeValue();
    return parsed.data;
  } catch {
    return null;
  }
}
