// Add pages' bounds, apart from the parsers so that the protocol can name them cheaply.

/** The most addresses a list or sitemap brings in all. */
export const MAX_ADDRESSES = 200_000;
/** The most addresses one sitemap file may list (the sitemap protocol's bound). */
export const MAX_FILE_URLS = 50_000;
/** The largest file read (the sitemap protocol's bound, also for a list's file): 50 MB. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
/** The longest address Add pages takes (what browsers and servers commonly accept). */
export const MAX_ADDRESS_LENGTH = 2048;
