/** Spec 9: an element counts as seen once at least half of it has been visible for a whole second. */
export const VISIBLE_RATIO = 0.5;
export const DWELL_MS = 1_000;

interface Tracked {
  readonly id: string;
  /** At least VISIBLE_RATIO of it is in the viewport. */
  intersecting: boolean;
  timer: ReturnType<typeof setTimeout> | null;
}

/**
 * When an element has been seen, from what the browser reports: how much of
 * it intersects the viewport (IntersectionObserver) and whether the page is
 * shown at all (a background tab shows nothing). No DOM here, so the timing
 * is tested with fake timers; `seen` fires at most once per element id until
 * `reset` starts the next page view.
 */
export class ViewTimer<Handle> {
  private readonly tracked = new Map<Handle, Tracked>();
  private readonly seen = new Set<string>();
  private pageVisible = true;

  constructor(
    private readonly onSeen: (id: string) => void,
    private readonly dwellMs = DWELL_MS,
  ) {}

  observe(handle: Handle, id: string): void {
    this.unobserve(handle);
    this.tracked.set(handle, { id, intersecting: false, timer: null });
  }

  unobserve(handle: Handle): void {
    const tracked = this.tracked.get(handle);
    if (tracked) this.disarm(tracked);
    this.tracked.delete(handle);
  }

  /** The share of the element inside the viewport, 0 to 1. */
  intersection(handle: Handle, ratio: number): void {
    const tracked = this.tracked.get(handle);
    if (!tracked) return;
    tracked.intersecting = ratio >= VISIBLE_RATIO;
    if (tracked.intersecting) this.arm(tracked);
    else this.disarm(tracked);
  }

  /** The page was hidden (another tab, minimised) or shown again: hidden time does not count. */
  visibility(visible: boolean): void {
    this.pageVisible = visible;
    for (const tracked of this.tracked.values())
      if (visible && tracked.intersecting) this.arm(tracked);
      else this.disarm(tracked);
  }

  /** A new page view: every element may be seen again. */
  reset(): void {
    this.seen.clear();
    for (const tracked of this.tracked.values()) if (tracked.intersecting) this.arm(tracked);
  }

  private arm(tracked: Tracked): void {
    if (tracked.timer !== null || !this.pageVisible || this.seen.has(tracked.id)) return;
    tracked.timer = setTimeout(() => {
      tracked.timer = null;
      if (this.seen.has(tracked.id)) return;
      this.seen.add(tracked.id);
      this.onSeen(tracked.id);
    }, this.dwellMs);
  }

  private disarm(tracked: Tracked): void {
    if (tracked.timer !== null) clearTimeout(tracked.timer);
    tracked.timer = null;
  }
}
