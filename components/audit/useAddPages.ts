// Add pages' state: the addresses read (from a sitemap, a pasted list or a file), the lines left
// out, which of them have a report already (asked of the background), and the reading itself.

import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { ErrorData } from '../../lib/api/model';
import { askForAccess, type HostPermissions, readWithAccess } from '../../lib/audit/host-access';
import type { KnownPage } from '../../lib/audit/known';
import { MAX_FILE_BYTES } from '../../lib/audit/limits';
import { type LeftOut, parseAddressList } from '../../lib/audit/list';
import type { SitemapLeftOut } from '../../lib/audit/sitemap';
import { listFailureText, sitemapFailureText } from '../../lib/audit/words';
import { t } from '../../lib/i18n';
import type { Sender } from '../../lib/messaging/send';
import { selectionLinksItem, takeSelectionLinks } from '../../lib/reach/selection-links';
import { originOf } from '../../lib/url-parts';

export interface Candidates {
  /** Which read this is: a new read starts a new preview. */
  read: number;
  addresses: string[];
  /** A list's lines, or a sitemap's skipped sitemaps and addresses. */
  leftOut: (LeftOut | SitemapLeftOut)[];
}

/** What the background said of the candidates. */
export type KnownState =
  | { state: 'asking' }
  | {
      state: 'known';
      pages: ReadonlyMap<string, KnownPage>;
      /** Addresses whose create is queued already (in a job not over). */
      queued: ReadonlySet<string>;
      /** Addresses sent by a job now over, whether their report was made unknown. */
      unknown: ReadonlySet<string>;
      /** Addresses the lookup's bounds left unchecked: they may have a report. */
      unchecked: ReadonlySet<string>;
      complete: boolean;
    }
  /** The lookup failed: nothing may be sent (each page with a report would be created again). */
  | { state: 'failed'; error: ErrorData };

const NOTHING_KNOWN: KnownState = {
  state: 'known',
  pages: new Map(),
  queued: new Set(),
  unknown: new Set(),
  unchecked: new Set(),
  complete: true,
};

type Reading = { what: 'sitemap' | 'list' | 'file'; waitingFor?: string } | null;

export function useAddPages(send: Sender, permissions: HostPermissions) {
  const [candidates, setCandidates] = useState<Candidates | null>(null);
  const [known, setKnown] = useState<KnownState>(NOTHING_KNOWN);
  const [reading, setReading] = useState<Reading>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** Said once a read ended without an answer (Cancel). */
  const [status, setStatus] = useState<string | null>(null);
  /** Origins known to be granted: no request is made for them. */
  const granted = useRef(new Set<string>());
  /** Origins of child sitemaps a read found refused: the next read's click asks for them too. */
  const wanted = useRef(new Set<string>());
  /** Stops the sitemap being read. */
  const stopRead = useRef<AbortController | null>(null);
  const reads = useRef(0);
  /** How many addresses the right-click menu's selection brought, while they are shown. */
  const [fromSelection, setFromSelection] = useState<number | null>(null);

  /** The addresses of a read to look up: a new one (Try again too) asks the background again. */
  const [lookup, setLookup] = useState<{ addresses: string[]; read: number } | null>(null);

  /** Asks the background which of the addresses of read `mine` have a report (or are queued). */
  const lookUp = useCallback((addresses: string[], mine: number) => {
    setKnown({ state: 'asking' });
    setLookup({ addresses, read: mine });
  }, []);

  // Asked once the preview has shown (effects run after it is painted): sending thousands of
  // addresses takes a while.
  useEffect(() => {
    if (!lookup || lookup.read !== reads.current) return;
    void send({ type: 'findKnownPages', urls: lookup.addresses }).then((answer) => {
      if (lookup.read !== reads.current) return;
      setKnown(
        answer.ok
          ? {
              state: 'known',
              pages: new Map(answer.data.known.map((page) => [page.url, page])),
              queued: new Set(answer.data.queued),
              unknown: new Set(answer.data.unknown),
              unchecked: new Set(answer.data.unchecked),
              complete: answer.data.complete,
            }
          : { state: 'failed', error: answer.error },
      );
    });
  }, [lookup, send]);

  const take = useCallback(
    (found: Omit<Candidates, 'read'>) => {
      const mine = ++reads.current;
      setCandidates({ ...found, read: mine });
      setProblem(null);
      setFromSelection(null);
      if (found.addresses.length === 0) {
        setKnown(NOTHING_KNOWN);
        return;
      }
      lookUp(found.addresses, mine);
    },
    [lookUp],
  );

  /** After a failed lookup: asks again for the same addresses. */
  function lookUpAgain() {
    if (candidates && candidates.read === reads.current)
      lookUp(candidates.addresses, reads.current);
  }

  const refuse = (text: string) => {
    reads.current++;
    setCandidates(null);
    setProblem(text);
  };

  /** Notes whether the typed address's origin is granted already (then no request is made). */
  const checkAccess = useCallback(
    (address: string) => {
      const origin = originOf(address);
      if (!origin || granted.current.has(origin)) return;
      permissions.contains({ origins: [`${origin}/*`] }).then(
        (has) => has && granted.current.add(origin),
        () => undefined,
      );
    },
    [permissions],
  );

  /** Call from the click (submit) itself: the access request must be made before any await. */
  function readSitemapAt(address: string) {
    const origin = originOf(address);
    const access = askForAccess(permissions, [origin, ...wanted.current], granted.current);
    void access?.answer.then((yes) => {
      if (!yes) return;
      for (const asked of access.origins) {
        granted.current.add(asked);
        wanted.current.delete(asked);
      }
    });
    const stop = new AbortController();
    stopRead.current = stop;
    setReading({ what: 'sitemap' });
    setProblem(null);
    setStatus(null);
    const deps = {
      fetch: (url: string, init: RequestInit) => fetch(url, init),
      signal: stop.signal,
    };
    void readWithAccess(address.trim(), deps, access, granted.current, (waitingFor) => {
      setReading({ what: 'sitemap', waitingFor });
      // Answered: back to "Reading…", unless the read is over (cancelled) by then.
      void access?.answer.then(() => {
        if (stopRead.current === stop) setReading({ what: 'sitemap' });
      });
    })
      .then((answer) => {
        if (answer.ok) {
          for (const item of answer.leftOut) {
            const refused = 'failure' in item && item.failure.reason === 'needsAccess';
            const childOrigin = refused ? originOf(item.failure.url) : null;
            if (childOrigin) wanted.current.add(childOrigin);
          }
          take({ addresses: answer.addresses, leftOut: answer.leftOut });
        } else if (answer.failure.reason === 'cancelled') setStatus(t('audit_cancelled'));
        else refuse(sitemapFailureText(answer.failure));
      })
      .catch(() => refuse(t('audit_failed_network', address)))
      .finally(() => {
        if (stopRead.current === stop) stopRead.current = null;
        setReading(null);
      });
  }

  /** Cancel: ends the sitemap's read; the forms are usable at once. */
  function cancelRead() {
    stopRead.current?.abort();
  }

  function readList(text: string) {
    setStatus(null);
    const answer = parseAddressList(text);
    if (answer.ok) take({ addresses: answer.addresses, leftOut: answer.leftOut });
    else refuse(listFailureText(answer.reason));
  }

  async function readFile(file: File) {
    if (file.size > MAX_FILE_BYTES) {
      refuse(listFailureText('tooLarge'));
      return;
    }
    setReading({ what: 'file' });
    try {
      readList(await file.text());
    } catch {
      refuse(t('audit_fileFailed'));
    } finally {
      setReading(null);
    }
  }

  // The links of a selection (lib/background/selection-links.ts), now or when the workspace is
  // open already: shown like a pasted list, taken once.
  useEffect(() => {
    const takeLinks = () =>
      void takeSelectionLinks().then((links) => {
        if (!links) return;
        setStatus(null);
        take({ addresses: links.addresses, leftOut: [] });
        setFromSelection(links.addresses.length);
      });
    takeLinks();
    return selectionLinksItem.watch(takeLinks);
  }, [take]);

  // Gone from the page: an answer still on its way is dropped, a read under way stopped.
  useEffect(
    () => () => {
      reads.current++;
      stopRead.current?.abort();
    },
    [],
  );

  return {
    candidates,
    fromSelection,
    known,
    lookUpAgain,
    reading,
    problem,
    status,
    checkAccess,
    readSitemapAt,
    cancelRead,
    readList,
    readFile,
  };
}
