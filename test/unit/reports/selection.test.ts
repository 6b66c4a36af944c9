import { describe, expect, it } from 'vitest';
import {
  allState,
  emptySelection,
  keepShown,
  type Selection,
  selectAll,
  selectedKeys,
  selectRange,
  toggle,
} from '../../../lib/reports/selection';

const ORDER = [10, 20, 30, 40, 50];
const keys = (selection: Selection<number>) => selectedKeys(selection, ORDER);

describe('selection', () => {
  it('toggles a row, which becomes the anchor', () => {
    const one = toggle(emptySelection<number>(), 20);
    expect([keys(one), one.anchor]).toEqual([[20], 20]);
    const none = toggle(one, 20);
    expect([keys(none), none.anchor]).toEqual([[], 20]);
  });

  it('selects a range from the anchor, either way, keeping the anchor', () => {
    const down = selectRange(toggle(emptySelection<number>(), 20), ORDER, 40);
    expect([keys(down), down.anchor]).toEqual([[20, 30, 40], 20]);
    const up = selectRange(toggle(emptySelection<number>(), 40), ORDER, 10);
    expect(keys(up)).toEqual([10, 20, 30, 40]);
  });

  it('gives the range the state the row acted on takes, or the one asked for', () => {
    const all = { ...selectAll(ORDER, true), anchor: 20 };
    expect(keys(selectRange(all, ORDER, 40))).toEqual([10, 50]);
    expect(keys(selectRange(all, ORDER, 40, true))).toEqual(ORDER);
  });

  it('toggles when there is no anchor, or it is no longer shown', () => {
    expect(keys(selectRange(emptySelection<number>(), ORDER, 30))).toEqual([30]);
    expect(keys(selectRange({ keys: new Set(), anchor: 99 }, ORDER, 30))).toEqual([30]);
  });

  it('says whether all, some or none are selected', () => {
    expect(allState(emptySelection<number>(), ORDER)).toBe('none');
    expect(allState(toggle(emptySelection<number>(), 10), ORDER)).toBe('some');
    expect(allState(selectAll(ORDER, true), ORDER)).toBe('all');
    expect(allState(selectAll(ORDER, false), ORDER)).toBe('none');
    expect(allState(selectAll([], true), [])).toBe('none');
  });

  it('drops rows that left the page, and an anchor among them', () => {
    const selection = { keys: new Set([10, 30, 99]), anchor: 99 };
    expect(keepShown(selection, ORDER)).toEqual({ keys: new Set([10, 30]), anchor: null });
    const kept = { keys: new Set([10]), anchor: 10 };
    expect(keepShown(kept, ORDER)).toBe(kept);
  });
});
