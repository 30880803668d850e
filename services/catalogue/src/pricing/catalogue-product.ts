import type { DomainEvent, StreamStore } from '@buyloop/kit';

/**
 * What pricing and stock need to know of a catalogue product, read from the
 * products area's own stream `product-<code>` (never its read model, so a
 * product created a moment ago is already there): it exists once the stream
 * has events, it is sold while no CatalogueProductDiscontinued is among them,
 * and its pre-order and external-stock flags decide the storefront's
 * "on order" state.
 */
export interface CatalogueProductFacts {
  readonly exists: boolean;
  readonly discontinued: boolean;
  readonly preOrder: boolean;
  readonly externalStock: boolean;
}

export const catalogueProductStream = (code: string): string => `product-${code}`;

/** The product event types pricing and stock read (the products area's pinned names). */
export const CATALOGUE_PRODUCT_EVENT_TYPES = [
  'CatalogueProductCreated',
  'CatalogueProductUpdated',
  'CatalogueProductDiscontinued',
] as const;

/**
 * Catalogue product codes as the products area writes them: upper-case
 * letters, digits, underscore and dash, at most 40. Anything else cannot name
 * a product, so it is simply one that does not exist.
 */
export const CATALOGUE_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{0,39}$/;

/** What people type, as the products area normalises it before it names a stream: trimmed, upper-case. */
export const normaliseCatalogueCode = (code: string): string => code.trim().toUpperCase();

const flag = (data: unknown, name: string): boolean | undefined => {
  const value = (data as Record<string, unknown> | null)?.[name];
  return typeof value === 'boolean' ? value : undefined;
};

export function productFactsOf(events: readonly DomainEvent[]): CatalogueProductFacts {
  let facts: CatalogueProductFacts = { exists: false, discontinued: false, preOrder: false, externalStock: false };
  for (const event of events) {
    facts = { ...facts, exists: true };
    if (event.type === 'CatalogueProductDiscontinued') facts = { ...facts, discontinued: true };
    if (event.type === 'CatalogueProductCreated' || event.type === 'CatalogueProductUpdated')
      facts = {
        ...facts,
        preOrder: flag(event.data, 'preOrder') ?? facts.preOrder,
        externalStock: flag(event.data, 'externalStock') ?? facts.externalStock,
      };
  }
  return facts;
}

export async function readProductFacts(store: StreamStore, code: string): Promise<CatalogueProductFacts> {
  if (!CATALOGUE_CODE_PATTERN.test(code)) return { exists: false, discontinued: false, preOrder: false, externalStock: false };
  return productFactsOf(await store.readStream(catalogueProductStream(code)));
}
