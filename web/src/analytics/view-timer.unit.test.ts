import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Batcher, MAX_BATCH, type Visit } from './batcher';
import { DWELL_MS, ViewTimer } from './view-timer';

describe('when an element counts as seen (spec 9: half visible for 1 s)', () => {
  let seen: string[];
  let timer: ViewTimer<string>;
  beforeEach(() => {
    vi.useFakeTimers();
    seen = [];
    timer = new ViewTimer<string>((id) => seen.push(id));
    timer.observe('tile-a', 'IPH15');
    timer.observe('tile-b', 'GALAXY');
  });
  afterEach(() => vi.useRealTimers());

  it('after a whole second at least half visible, once', () => {
    timer.intersection('tile-a', 0.5);
    vi.advanceTimersByTime(DWELL_MS - 1);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['IPH15']);
    timer.intersection('tile-a', 0);
    timer.intersection('tile-a', 1);
    vi.advanceTimersByTime(DWELL_MS * 3);
    expect(seen).toEqual(['IPH15']);
  });

  it('not when less than half shows, or when it scrolls away before the second is up (the second starts again)', () => {
    timer.intersection('tile-a', 0.49);
    vi.advanceTimersByTime(DWELL_MS * 2);
    timer.intersection('tile-b', 0.8);
    vi.advanceTimersByTime(DWELL_MS - 100);
    timer.intersection('tile-b', 0.2);
    timer.intersection('tile-b', 0.9);
    vi.advanceTimersByTime(DWELL_MS - 100);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(seen).toEqual(['GALAXY']);
  });

  it('not while the page is hidden, and not for an element removed from the page', () => {
    timer.intersection('tile-a', 1);
    timer.visibility(false);
    vi.advanceTimersByTime(DWELL_MS * 2);
    expect(seen).toEqual([]);
    timer.visibility(true);
    timer.intersection('tile-b', 1);
    timer.unobserve('tile-b');
    vi.advanceTimersByTime(DWELL_MS);
    expect(seen).toEqual(['IPH15']);
  });

  it('once per element id per page view: two tiles of one product count once, a new page view counts again', () => {
    timer.observe('tile-c', 'IPH15');
    timer.intersection('tile-a', 1);
    timer.intersection('tile-c', 1);
    vi.advanceTimersByTime(DWELL_MS);
    expect(seen).toEqual(['IPH15']);
    timer.reset();
    vi.advanceTimersByTime(DWELL_MS);
    expect(seen).toEqual(['IPH15', 'IPH15']);
  });
});

describe('batching what the page reports', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const view = (id: string): Visit => ({ type: 'view', element_id: id, element_kind: 'product_tile', page_type: 'catalog' });

  it('sends after a quiet moment, at once when many wait, and on flush; in batches the API takes', () => {
    const sent: (readonly Visit[])[] = [];
    const batcher = new Batcher((visits) => sent.push(visits), 2_000, 3);
    batcher.push(view('A'));
    batcher.push(view('B'));
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(2_000);
    expect(sent).toEqual([[view('A'), view('B')]]);
    batcher.push(view('C'));
    batcher.push(view('D'));
    batcher.push(view('E'));
    expect(sent).toHaveLength(2);
    batcher.push(view('F'));
    batcher.flush();
    expect(sent[2]).toEqual([view('F')]);

    const big: (readonly Visit[])[] = [];
    const many = new Batcher((visits) => big.push(visits), 2_000, 1_000);
    for (let i = 0; i < MAX_BATCH + 1; i++) many.push(view(`P${i}`));
    many.flush();
    expect(big.map((batch) => batch.length)).toEqual([MAX_BATCH, 1]);
  });

  it('drops what the API would refuse, so one bad id cannot lose the whole batch', () => {
    const sent: (readonly Visit[])[] = [];
    const batcher = new Batcher((visits) => sent.push(visits));
    batcher.push(view('has space'));
    batcher.push({ type: 'page_view', page_type: 'home_page', registered: false, path: '/vykup?token=x' });
    batcher.push(view('OK-1'));
    batcher.flush();
    expect(sent).toEqual([[view('OK-1')]]);
  });
});
