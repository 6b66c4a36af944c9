// The Reports list as the workspace last showed it, in storage.session: shown, inert, until the
// service's answer replaces it. Written by the background (lib/background/kept-lists.ts); never the key.
import * as z from 'zod/mini';
import { ReportSummaryPage } from '../api/model';
import { defineStorageItem } from '../storage-item';

const StoredLastPage = z.object({
  version: z.literal(1),
  /** The list's parameters, as JSON (the Reports tab's key). */
  key: z.string(),
  /** The service it came from (the settings summary's serviceUrl); null when unknown. */
  service: z.nullable(z.string()),
  data: ReportSummaryPage,
});
export type LastPage = Omit<z.infer<typeof StoredLastPage>, 'version'>;

/** The layout stored before storage items, `{ version: 1, … }`, is version 1. */
export const lastPageItem = defineStorageItem<z.infer<typeof StoredLastPage> | null>(
  'session:workspaceLastPage',
  null,
);

/**
 * The last shown page of the list `key`; undefined when another list was last, or none. Never
 * rejects.
 */
export async function readLastPage(key: string): Promise<LastPage | undefined> {
  try {
    const parsed = StoredLastPage.safeParse(await lastPageItem.getValue());
    if (!parsed.success || parsed.data.key !== key) return undefined;
    const { version: _, ...page } = parsed.data;
    return page;
  } catch {
    // No storage.session here (or it failed): the list loads as it would without.
    return undefined;
  }
}

/** Keeps `page` as the last shown page of its list. Never rejects. */
export async function keepLastPage(page: LastPage): Promise<void> {
  try {
    await lastPageItem.setValue({ version: 1, ...page });
  } catch {
    // Only a faster start is lost.
  }
}

/** Forgets the last shown page (another service or key). Never rejects. */
export async function forgetLastPage(): Promise<void> {
  try {
    await lastPageItem.removeValue();
  } catch {
    // Nothing kept, or no storage.session: nothing to forget.
  }
}
