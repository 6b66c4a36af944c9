// How reading a sitemap fails: a reason and the file it is about, carried as data. Inside the
// read a failure is thrown (`fail`) and turned back into data where the read ends or goes on.

export type SitemapFailureReason =
  | 'notSitemap'
  | 'htmlPage'
  | 'corruptGzip'
  | 'indexLoop'
  | 'tooDeep'
  | 'tooManyUrls'
  | 'tooManyAddresses'
  | 'tooManyFiles'
  | 'tooLarge'
  | 'tooMuchData'
  | 'httpStatus'
  | 'noAccess'
  /** A child on an origin whose access was not asked for in this click. */
  | 'needsAccess'
  | 'network'
  | 'timeout'
  | 'cancelled'
  | 'notHttp'
  | 'notAnAddress';

export interface SitemapFailure {
  reason: SitemapFailureReason;
  /** The file it is about. */
  url: string;
  status?: number;
}

/** A failure on its way out of the read. */
export class Failed extends Error {
  constructor(readonly failure: SitemapFailure) {
    super(failure.reason);
  }
}
export const fail = (reason: SitemapFailureReason, url: string, status?: number): never => {
  throw new Failed(status === undefined ? { reason, url } : { reason, url, status });
};
