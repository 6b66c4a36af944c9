// @vitest-environment happy-dom
// Copy link and Share…: the dialog (choice, what changes said before sending, the generated
// password shown), the privacy update it sends, what it copies, and Share selected's job.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShareDialog } from '../../../components/reports/ShareDialog';
import type { Report } from '../../../lib/api/model';
import { PASSWORD_ALPHABET } from '../../../lib/reports/share';
import { listPage, report } from '../../support/fixtures';
import { fail, ok, renderPopup, requestsOf } from '../popup-helpers';
import { findTable, renderReports, rowBoxes, summary } from './workspace-reports-helpers';

const SITE = 'https://reports.example.com';
let writeText: ReturnType<typeof vi.fn<(text: string) => Promise<void>>>;

beforeEach(() => {
  writeText = vi.fn(async () => {});
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(cleanup);

function renderDialog(many = false) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const opener = document.createElement('button');
  document.body.append(opener);
  opener.focus();
  const view = render(
    <ShareDialog title="Share this report" many={many} onConfirm={onConfirm} onCancel={onCancel} />,
  );
  return { ...view, onConfirm, onCancel, opener };
}

const shownPassword = () =>
  (screen.getByRole('textbox', { name: 'Generated password' }) as HTMLInputElement).value;

/** Share…'s dialog, whose code loads when it is first asked for. */
const shareDialog = () => screen.findByRole('dialog', { name: 'Share this report' });

describe('the Share dialog', () => {
  it('starts on Password with a generated password shown, and says what will change', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Share this report' });
    const password = within(dialog).getByRole('radio', { name: 'Password' }) as HTMLInputElement;
    expect(password.checked).toBe(true);
    expect(document.activeElement).toBe(password);
    const value = shownPassword();
    expect(value.length).toBeGreaterThanOrEqual(16);
    for (const char of value) expect(PASSWORD_ALPHABET).toContain(char);
    expect(dialog.textContent).toContain(
      'Anyone with the link and the password can see this report.',
    );
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
  });

  it('says so for Public, and hides the password', () => {
    renderDialog();
    fireEvent.click(screen.getByRole('radio', { name: 'Public' }));
    expect(screen.queryByRole('textbox', { name: 'Generated password' })).toBeNull();
    expect(screen.getByRole('dialog').textContent).toContain(
      'Anyone with the link can see this report.',
    );
  });

  it('speaks of "these reports" for several', () => {
    renderDialog(true);
    expect(screen.getByRole('dialog').textContent).toContain(
      'Anyone with the link and the password can see these reports',
    );
    screen.getByRole('button', { name: 'Share and copy links' });
  });

  it('confirms with the privacy and the password shown', () => {
    const { onConfirm } = renderDialog();
    const value = shownPassword();
    fireEvent.click(screen.getByRole('button', { name: 'Share and copy link' }));
    expect(onConfirm).toHaveBeenCalledWith({ privacy: 2, password: value });
  });

  it('confirms Public without a password', () => {
    const { onConfirm } = renderDialog();
    fireEvent.click(screen.getByRole('radio', { name: 'Public' }));
    fireEvent.click(screen.getByRole('button', { name: 'Share and copy link' }));
    expect(onConfirm).toHaveBeenCalledWith({ privacy: 0 });
  });

  it('copies the password on its own', async () => {
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Copy password' }));
    await screen.findByText('Password copied');
    expect(writeText).toHaveBeenCalledWith(shownPassword());
  });

  it('closes with Escape, and the focus goes back', () => {
    const { onCancel, opener, rerender } = renderDialog();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
    rerender(<div />);
    expect(document.activeElement).toBe(opener);
  });
});

const PRIVATE = report({ id: 1, url: 'https://example.com/', privacy: 1 });
const PUBLIC = report({ id: 2, url: 'https://example.com/blog', privacy: 0 });

type UpdateAnswer = ReturnType<typeof ok<Report>> | ReturnType<typeof fail>;

async function openPopupReports(
  updateReport: (input: { id: number }) => UpdateAnswer = () => ok(PRIVATE),
) {
  const rendered = renderPopup({
    handlers: {
      listReports: () => ok(listPage<Report>([PRIVATE, PUBLIC])),
      listProjects: () => ok(listPage([])),
      updateReport: ({ id, input }) => updateReport({ id, ...input }),
    },
  });
  fireEvent.click(await screen.findByRole('tab', { name: 'Reports' }));
  const row = await screen.findByRole('listitem', { name: PRIVATE.url });
  return { ...rendered, row };
}

describe('Copy link and Share… on a Reports row', () => {
  it('copies the report page address and says "Link copied"', async () => {
    const { row } = await openPopupReports();
    fireEvent.click(within(row).getByRole('button', { name: 'Copy link' }));
    const status = await screen.findByText('Link copied');
    expect(status.getAttribute('role')).toBe('status');
    expect(writeText).toHaveBeenCalledWith(`${SITE}/reports/1`);
  });

  it('offers Share… on a private report only', async () => {
    const { row } = await openPopupReports();
    within(row).getByRole('button', { name: 'Share…' });
    const other = screen.getByRole('listitem', { name: PUBLIC.url });
    expect(within(other).queryByRole('button', { name: 'Share…' })).toBeNull();
    within(other).getByRole('button', { name: 'Copy link' });
  });

  it('sends the privacy update, then copies the link and the password', async () => {
    const { row, send } = await openPopupReports(({ id }) =>
      ok(report({ ...PRIVATE, id, privacy: 2, hasPassword: true })),
    );
    fireEvent.click(within(row).getByRole('button', { name: 'Share…' }));
    await shareDialog();
    const password = shownPassword();
    expect(requestsOf(send, 'updateReport')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Share and copy link' }));
    await screen.findByText('Link copied');
    expect(requestsOf(send, 'updateReport')).toEqual([
      { type: 'updateReport', id: 1, input: { privacy: 2, password } },
    ]);
    expect(writeText).toHaveBeenCalledWith(`${SITE}/reports/1\nPassword: ${password}`);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('copies nothing when the update fails, and says why in the dialog', async () => {
    const { row } = await openPopupReports(() =>
      fail('rate_limited', 'Too many requests.', { retryAfterSeconds: 30 }),
    );
    fireEvent.click(within(row).getByRole('button', { name: 'Share…' }));
    await shareDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Share and copy link' }));
    const alert = await within(screen.getByRole('dialog')).findByRole('alert');
    expect(alert.textContent).toContain("Couldn't change the privacy.");
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText('Link copied')).toBeNull();
  });

  it('offers Copy again when the browser refuses the copy', async () => {
    writeText.mockRejectedValueOnce(
      new DOMException('Document is not focused.', 'NotAllowedError'),
    );
    const { row } = await openPopupReports();
    fireEvent.click(within(row).getByRole('button', { name: 'Copy link' }));
    await screen.findByText(/Couldn't copy to the clipboard/);
    fireEvent.click(screen.getByRole('button', { name: 'Copy again' }));
    await screen.findByText('Link copied');
    expect(writeText).toHaveBeenLastCalledWith(`${SITE}/reports/1`);
  });
});

describe('Copy link and Share… on This page', () => {
  async function withReport(privacy: Report['privacy'], updateReport?: () => UpdateAnswer) {
    const created = report({ privacy });
    const rendered = renderPopup({
      handlers: {
        createReport: () => ok(created),
        ...(updateReport ? { updateReport } : {}),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create report' }));
    await screen.findByText('Good');
    return rendered;
  }

  it('copies the report page address', async () => {
    await withReport(0);
    // Loaded after the first paint, like Watch this page.
    const copy = await screen.findByRole('button', { name: 'Copy link' });
    expect(screen.queryByRole('button', { name: 'Share…' })).toBeNull();
    fireEvent.click(copy);
    await screen.findByText('Link copied');
    expect(writeText).toHaveBeenCalledWith(`${SITE}/reports/42`);
  });

  it('shares a private report publicly, then shows its new privacy', async () => {
    const { send } = await withReport(1, () => ok(report({ privacy: 0 })));
    const share = await screen.findByRole('button', { name: 'Share…' });
    share.focus();
    fireEvent.click(share);
    await shareDialog();
    fireEvent.click(screen.getByRole('radio', { name: 'Public' }));
    fireEvent.click(screen.getByRole('button', { name: 'Share and copy link' }));
    await screen.findByText('Link copied');
    expect(requestsOf(send, 'updateReport')).toEqual([
      { type: 'updateReport', id: 42, input: { privacy: 0 } },
    ]);
    expect(writeText).toHaveBeenCalledWith(`${SITE}/reports/42`);
    screen.getByText(/Privacy: Public/);
    // Share… is gone with the private report: the focus goes to Copy link.
    expect(screen.queryByRole('button', { name: 'Share…' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Copy link' }));
  });
});

describe('Share selected', () => {
  const page = listPage([
    summary({ id: 1, url: 'https://site.example/a', privacy: 1 }),
    summary({ id: 2, url: 'https://site.example/b', privacy: 1 }),
    summary({ id: 3, url: 'https://site.example/c', privacy: 1 }),
  ]);

  it('queues one privacy job with one password, then copies the shared links and the password', async () => {
    const { send, queue } = renderReports({ page });
    await findTable();
    fireEvent.click(rowBoxes()[0] as HTMLInputElement);
    fireEvent.click(rowBoxes()[2] as HTMLInputElement);
    fireEvent.click(screen.getByRole('button', { name: 'Share selected (2)' }));
    const dialog = screen.getByRole('dialog', { name: 'Share 2 reports' });
    const password = shownPassword();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share and copy links' }));
    await waitFor(() => expect(queue.requests).toHaveLength(1));
    expect(requestsOf(send, 'enqueueJob')).toEqual([
      {
        type: 'enqueueJob',
        kind: 'privacy',
        items: [
          { type: 'update', id: 1, privacy: 2 },
          { type: 'update', id: 3, privacy: 2 },
        ],
        password,
      },
    ]);
    expect(writeText).not.toHaveBeenCalled();
    await queue.finish('job-1', { 1: 'failed' });
    await screen.findByText('1 shared, 1 failed. Links copied.');
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(writeText).toHaveBeenCalledWith(
      `https://site.example/a — ${SITE}/reports/1\nPassword: ${password}`,
    );
  });

  it('copies nothing when none was shared', async () => {
    const { queue } = renderReports({ page });
    await findTable();
    fireEvent.click(rowBoxes()[1] as HTMLInputElement);
    fireEvent.click(screen.getByRole('button', { name: 'Share selected (1)' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Public' }));
    fireEvent.click(screen.getByRole('button', { name: 'Share and copy link' }));
    await waitFor(() => expect(queue.requests).toHaveLength(1));
    expect(queue.requests[0]).toMatchObject({ items: [{ type: 'update', id: 2, privacy: 0 }] });
    expect(queue.requests[0]).not.toHaveProperty('password');
    await queue.finish('job-1', { 0: 'failed' });
    await screen.findByText('None of the reports could be shared; nothing was copied.');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('offers Copy link and Share… in a private row of the table', async () => {
    const { send } = renderReports({
      page,
      handlers: { updateReport: ({ id }) => ok(summary({ id, privacy: 0 })) },
    });
    const table = await findTable();
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Copy link' }));
    await screen.findByText('Link copied');
    expect(writeText).toHaveBeenLastCalledWith(`${SITE}/reports/1`);
    fireEvent.click(within(row).getByRole('button', { name: 'Share…' }));
    await shareDialog();
    fireEvent.click(screen.getByRole('radio', { name: 'Public' }));
    fireEvent.click(screen.getByRole('button', { name: 'Share and copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(`${SITE}/reports/1`));
    expect(requestsOf(send, 'updateReport')).toEqual([
      { type: 'updateReport', id: 1, input: { privacy: 0 } },
    ]);
  });
});
