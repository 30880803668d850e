/** Who caused a change: recorded on every event so every staff action is attributable. */
export interface Actor {
  readonly userId: string;
  readonly role: string;
}

/** Changes made by the system itself (process managers, imports, demo data). */
export const systemActor: Actor = { userId: 'system', role: 'system' };
