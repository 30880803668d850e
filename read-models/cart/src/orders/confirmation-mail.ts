import type { DocumentStore } from '@buyloop/document-store';
import type { Clock } from '@buyloop/kit';

export const ORDER_STATUS_LINKS = 'cart_order_status_links';

interface LinkDocument extends Record<string, unknown> {
  readonly status_url: string;
  readonly kept_at: string;
}

/**
 * The status page's link (`/objednavka/<number>?token=…`) for the order
 * e-mails. The order's stream keeps only the token's hash and the token is
 * drawn by the finish, so the finish hands the link over here and the
 * e-mails' process manager reads it when it sends. Kept for the order's life
 * so every later e-mail (paid, shipped, cancelled) links to the page too;
 * the link is no more secret here than in the finish's idempotency record,
 * which keeps the same token in the same store.
 */
export class OrderStatusLinks {
  private ready: Promise<void> | null = null;

  constructor(
    private readonly documents: Pick<DocumentStore, 'ensureCollection' | 'upsert' | 'get'>,
    private readonly clock: Clock,
  ) {}

  private ensure(): Promise<void> {
    this.ready ??= this.documents
      .ensureCollection({ name: ORDER_STATUS_LINKS, fields: { kept_at: { path: 'kept_at', type: 'date' } } })
      .catch((error: unknown) => {
        this.ready = null;
        throw error;
      });
    return this.ready;
  }

  async keep(number: string, statusUrl: string): Promise<void> {
    await this.ensure();
    const document: LinkDocument = { status_url: statusUrl, kept_at: this.clock().toISOString() };
    await this.documents.upsert(ORDER_STATUS_LINKS, number, document);
  }

  /** The link, or null when the finish has not handed it over (yet). */
  async of(number: string): Promise<string | null> {
    await this.ensure();
    return (await this.documents.get<LinkDocument>(ORDER_STATUS_LINKS, number))?.status_url ?? null;
  }
}
