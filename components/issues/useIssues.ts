// The Issues tab's data: the chosen scope's table, read from what the extension keeps when the tab
// is shown, when reports changed elsewhere, and when its Read details job ends. A project's list
// pages are asked for once per opening (and revision): reading again after Read details sends
// nothing. The account's list (All reports' Read details) is asked for only on that click.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { ErrorData, ListReportsParams } from '../../lib/api/model';
import { errorWithText } from '../../lib/error-text';
import {
  type IssueScope,
  type IssuesData,
  listProjectReports,
  membersOf,
  missingOfAccount,
  readIssues,
} from '../../lib/issues/scope';
import type { Answer } from '../../lib/messaging/protocol';
import type { Sender } from '../../lib/messaging/send';

export type IssuesState =
  | { phase: 'loading'; listing: boolean; data: IssuesData | null }
  | { phase: 'ready'; data: IssuesData }
  | { phase: 'failed'; error: ErrorData; listing: boolean };

export function useIssues(
  send: Sender,
  owner: string | null,
  scope: IssueScope,
  active: boolean,
  revision: number,
  /** Changes when the tab's Read details job ends. */
  ended: string | null,
) {
  const [state, setState] = useState<IssuesState>({ phase: 'loading', listing: false, data: null });
  const asked = useRef(0);
  const pages = useRef({ revision, answers: new Map<string, Promise<Answer<'listReports'>>>() });

  /** Each list page once per revision; a failed one is asked again next time. */
  const listOnce = useCallback(
    (params: ListReportsParams) => {
      if (pages.current.revision !== revision) pages.current = { revision, answers: new Map() };
      const { answers } = pages.current;
      const key = JSON.stringify(params);
      let answer = answers.get(key);
      if (!answer) {
        answer = send({ type: 'listReports', params });
        answers.set(key, answer);
        void answer.then((done) => {
          if (!done.ok) answers.delete(key);
        });
      }
      return answer;
    },
    [send, revision],
  );

  const reload = useCallback(async () => {
    const ask = ++asked.current;
    const listing = scope.kind === 'project';
    setState((before) => ({
      phase: 'loading',
      listing,
      data: before.phase === 'ready' ? before.data : null,
    }));
    if (!owner) {
      const error = errorWithText({ kind: 'not_connected', reason: 'notConnected' });
      setState({ phase: 'failed', error, listing: false });
      return;
    }
    let members: ReturnType<typeof membersOf> | undefined;
    if (scope.kind === 'project') {
      const listed = await listProjectReports(scope.name, listOnce);
      if (ask !== asked.current) return;
      if (!listed.ok) {
        setState({ phase: 'failed', error: listed.error, listing: true });
        return;
      }
      members = membersOf(listed.data);
    }
    try {
      const data = await readIssues(owner, scope, members);
      if (ask === asked.current) setState({ phase: 'ready', data });
    } catch {
      if (ask !== asked.current) return;
      const error = errorWithText({ kind: 'unexpected_response', reason: 'unknown' });
      setState({ phase: 'failed', error, listing: false });
    }
  }, [owner, scope, listOnce]);

  useEffect(() => {
    if (active) void reload();
  }, [active, reload, ended]);

  /** The account's reports without details (its list read first). */
  const missingOfAll = useCallback(
    () =>
      owner
        ? missingOfAccount(owner, listOnce)
        : Promise.resolve({
            ok: false as const,
            error: errorWithText({ kind: 'not_connected', reason: 'notConnected' }),
          }),
    [owner, listOnce],
  );

  return { state, reload, missingOfAll };
}
