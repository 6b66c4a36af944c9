// @vitest-environment happy-dom
// The Reports tab's selection: by mouse (check boxes, Shift+click, "Select all on this page") and
// by keyboard (one Tab stop, arrows, Space, Shift for a range), and what clears it.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { listPage } from '../../support/fixtures';
import { sleep } from '../../support/time';
import { deferred, ok } from '../popup-helpers';
import {
  checkedRows,
  findTable,
  renderReports,
  reports,
  rowBoxes,
  selectAllBox,
} from './workspace-reports-helpers';

afterEach(cleanup);

describe('selection with the mouse', () => {
  it('"Select all on this page" is checked, mixed or unchecked', async () => {
    renderReports();
    await findTable();
    const all = selectAllBox();
    expect([all.checked, all.indeterminate]).toEqual([false, false]);
    fireEvent.click(rowBoxes()[1] as HTMLInputElement);
    expect(checkedRows()).toEqual([2]);
    expect([all.checked, all.indeterminate]).toEqual([false, true]);
    fireEvent.click(all);
    expect(checkedRows()).toEqual([1, 2, 3]);
    expect([all.checked, all.indeterminate]).toEqual([true, false]);
    fireEvent.click(all);
    expect(checkedRows()).toEqual([]);
    expect([all.checked, all.indeterminate]).toEqual([false, false]);
  });

  it('Shift+click selects the rows from the last one clicked', async () => {
    renderReports({ page: listPage(reports(6)) });
    await findTable();
    fireEvent.click(rowBoxes()[1] as HTMLInputElement);
    fireEvent.click(rowBoxes()[4] as HTMLInputElement, { shiftKey: true });
    expect(checkedRows()).toEqual([2, 3, 4, 5]);
    // Upwards, and unchecking: the range takes the state of the row clicked.
    fireEvent.click(rowBoxes()[0] as HTMLInputElement);
    fireEvent.click(rowBoxes()[5] as HTMLInputElement, { shiftKey: true });
    expect(checkedRows()).toEqual([1, 2, 3, 4, 5, 6]);
    fireEvent.click(rowBoxes()[3] as HTMLInputElement);
    fireEvent.click(rowBoxes()[1] as HTMLInputElement, { shiftKey: true });
    expect(checkedRows()).toEqual([1, 5, 6]);
  });

  it('says how many are selected, enables the bulk actions and names the count', async () => {
    renderReports();
    await findTable();
    const deleteSelected = screen.getByRole('button', { name: /^Delete selected/ });
    expect((deleteSelected as HTMLButtonElement).disabled).toBe(true);
    for (const name of [/^Re-analyze selected/, /^Change privacy of selected/]) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
    fireEvent.click(rowBoxes()[0] as HTMLInputElement);
    fireEvent.click(rowBoxes()[2] as HTMLInputElement);
    expect(screen.getByRole('button', { name: 'Delete selected (2)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Re-analyze selected (2)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change privacy of selected (2)' })).toBeTruthy();
    expect(screen.getByText('2 of 3 selected').getAttribute('role')).toBe('status');
  });

  it('clears the selection when the filters change, and says so', async () => {
    const next = deferred<ReturnType<typeof ok>>();
    let calls = 0;
    renderReports({
      handlers: {
        listReports: () => (++calls === 1 ? ok(listPage(reports(3))) : (next.promise as never)),
      },
    });
    await findTable();
    fireEvent.click(rowBoxes()[0] as HTMLInputElement);
    fireEvent.change(screen.getByLabelText('Result'), { target: { value: 'good' } });
    const status = await screen.findByText('Selection cleared: the list changed.');
    expect(status.getAttribute('role')).toBe('status');
    next.resolve(ok(listPage(reports(2))));
    await waitFor(() => expect(rowBoxes()).toHaveLength(2));
    expect(checkedRows()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeTruthy();
  });

  it('clears the selection on another page too', async () => {
    renderReports({ page: listPage(reports(3), { hasNext: true, lastPage: 2 }) });
    await findTable();
    fireEvent.click(selectAllBox());
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Selection cleared: the list changed.');
    expect(location.hash).toContain('page=2');
  });
});

describe('selection with the keyboard', () => {
  it('makes the rows one Tab stop, moved with the arrow keys, Home and End', async () => {
    renderReports({ page: listPage(reports(4)) });
    await findTable();
    const boxes = rowBoxes();
    expect(boxes.map((box) => box.tabIndex)).toEqual([0, -1, -1, -1]);
    boxes[0]?.focus();
    fireEvent.keyDown(boxes[0] as HTMLInputElement, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(rowBoxes()[1]);
    expect(rowBoxes().map((box) => box.tabIndex)).toEqual([-1, 0, -1, -1]);
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(document.activeElement).toBe(rowBoxes()[3]);
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(rowBoxes()[3]);
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(rowBoxes()[2]);
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    expect(document.activeElement).toBe(rowBoxes()[0]);
    expect(checkedRows()).toEqual([]);
  });

  it('Space checks the focused row, Shift+Space and Shift+arrows extend the range', async () => {
    renderReports({ page: listPage(reports(6)) });
    await findTable();
    rowBoxes()[1]?.focus();
    const press = (key: string, shiftKey = false) => {
      const target = document.activeElement as Element;
      fireEvent.keyDown(target, { key, shiftKey });
      fireEvent.keyUp(target, { key, shiftKey });
    };
    press(' ');
    expect(checkedRows()).toEqual([2]);
    press('ArrowDown', true);
    press('ArrowDown', true);
    expect(checkedRows()).toEqual([2, 3, 4]);
    expect(document.activeElement).toBe(rowBoxes()[3]);
    press('ArrowDown');
    press('ArrowDown');
    press(' ', true);
    expect(checkedRows()).toEqual([2, 3, 4, 5, 6]);
    press(' ');
    expect(checkedRows()).toEqual([2, 3, 4, 5]);
    expect(selectAllBox().indeterminate).toBe(true);
  });

  it('a run of Shift+arrows extends from the row it started on', async () => {
    renderReports({ page: listPage(reports(6)) });
    await findTable();
    rowBoxes()[0]?.focus();
    const press = (key: string, shiftKey = false) =>
      fireEvent.keyDown(document.activeElement as Element, { key, shiftKey });
    press(' ');
    press('ArrowDown');
    press('ArrowDown');
    press('ArrowDown', true);
    press('ArrowDown', true);
    expect(checkedRows()).toEqual([1, 3, 4, 5]);
    press('ArrowDown');
    press(' ', true);
    expect(checkedRows()).toEqual([1, 3, 4, 5, 6]);
  });

  it('Space does not toggle twice (its keyup is the browser click that is stopped)', async () => {
    renderReports();
    await findTable();
    const box = rowBoxes()[0] as HTMLInputElement;
    box.focus();
    fireEvent.keyDown(box, { key: ' ' });
    const up = fireEvent.keyUp(box, { key: ' ' });
    expect(up).toBe(false);
    expect(checkedRows()).toEqual([1]);
  });

  it('ignores the click of a browser that clicks on Space anyway, not later clicks', async () => {
    renderReports();
    await findTable();
    const box = rowBoxes()[0] as HTMLInputElement;
    box.focus();
    fireEvent.keyDown(box, { key: ' ' });
    fireEvent.keyUp(box, { key: ' ' });
    fireEvent.click(box);
    expect(checkedRows()).toEqual([1]);
    await sleep(0);
    fireEvent.click(box);
    expect(checkedRows()).toEqual([]);
  });
});
