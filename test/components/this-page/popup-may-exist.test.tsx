// @vitest-environment happy-dom
// A create whose answer was lost and whose report was not found may still have made one: the popup
// says so and offers "Find it in Reports" (the workspace's Reports, searched for the page's host)
// and "Create anyway", which asks first. Reopened later, the popup says the same (getStatus).
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { summary } from '../../support/fixtures';
import { fail, ok, PAGE_TAB, renderPopup, requestsOf, status } from '../popup-helpers';

const URL = PAGE_TAB.url as string;

const unknownOutcome = () =>
  fail('network', 'Unknown: the request was sent but no answer came.', { reason: 'fateUnknown' });

async function createButton() {
  return (await screen.findByRole('button', { name: 'Create report' })) as HTMLButtonElement;
}

describe('a create of unknown outcome', () => {
  it('says a report may exist, and Create stays disabled', async () => {
    renderPopup({ handlers: { createReport: () => unknownOutcome() } });
    fireEvent.click(await createButton());
    await screen.findByText(/may have made this page's report already/);
    expect((await createButton()).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Find it in Reports' })).toBeTruthy();
  });

  it('"Find it in Reports" opens the workspace\'s Reports searched for the host', async () => {
    const { openTab } = renderPopup({ handlers: { createReport: () => unknownOutcome() } });
    fireEvent.click(await createButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Find it in Reports' }));
    const host = new globalThis.URL(URL).host.replace(/^www\./, '');
    expect(openTab).toHaveBeenCalledWith(
      `/sidepanel.html#${new URLSearchParams({ tab: 'reports', search: host })}`,
    );
  });

  it('"Create anyway" asks first; Cancel sends nothing, Create anyway sends one create', async () => {
    let creates = 0;
    const { send } = renderPopup({
      handlers: {
        createReport: () => {
          creates += 1;
          return creates === 1 ? unknownOutcome() : ok(summary({ id: 9, url: URL }));
        },
        getReport: ({ id }) => ok(summary({ id, url: URL })),
      },
    });
    fireEvent.click(await createButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Create anyway' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(URL);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsOf(send, 'createReport')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Create anyway' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create anyway' }));
    await screen.findByRole('region', { name: 'Report for this page' });
    expect(requestsOf(send, 'createReport')).toHaveLength(2);
  });

  it('reopened later: the status says it may exist, and Create is not offered as usual', async () => {
    renderPopup({ handlers: { getStatus: () => ok(status({ mayExist: true })) } });
    await screen.findByText(/may have made this page's report already/);
    expect((await createButton()).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Create anyway' })).toBeTruthy();
  });
});
