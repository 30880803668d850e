/** Time is injected, never read inside a decider, so replays and specs are deterministic. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** A clock stopped at one instant, for tests and replays; Dates are mutable, so it hands out copies. */
export const fixedClock = (at: Date | string): Clock => {
  const instant = new Date(at).getTime();
  if (Number.isNaN(instant)) throw new RangeError(`fixedClock: ${String(at)} is not a date`);
  return () => new Date(instant);
};
