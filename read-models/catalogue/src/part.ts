import type { SecuredRouter } from '@buyloop/http';
import type { ModuleContext, ModuleProcessManager, Projection, ScheduledJob, StreamFolder } from '@buyloop/projector';

/**
 * One area of the catalogue (products, categories, pricing, stock, media,
 * demo data) as the catalogue module composes it. Each area keeps its
 * projections, stream categories, routes and jobs in its own folder; the
 * module (module.ts) only merges them, so areas grow without touching each
 * other's files.
 */
export interface CataloguePart<Handle = unknown> {
  readonly name: string;
  readonly projections: readonly Projection[];
  /** Stream category → how `pnpm ops events:state` folds such a stream. Categories are unique across the whole product. */
  readonly streams: Readonly<Record<string, StreamFolder>>;
  readonly logRedactions?: readonly string[];
  open(context: ModuleContext): Promise<OpenedPart<Handle>>;
}

export interface OpenedPart<Handle = unknown> {
  /** The area's routers (back office under /api/admin/…, storefront reads under /api/…). */
  readonly routes: readonly SecuredRouter[];
  readonly jobs?: readonly ScheduledJob[];
  readonly processManagers?: readonly ModuleProcessManager[];
  /** Demo data of this area (development only); parts load in the module's order, demo data last. */
  loadDemoData?(): Promise<readonly string[]>;
  start?(): Promise<void>;
  stop?(): Promise<void>;
  readonly handle: Handle;
}

/** Casts a typed projection to the projector's list element (the same trick every module uses). */
export const asProjections = (...projections: readonly unknown[]): readonly Projection[] => projections as readonly Projection[];
