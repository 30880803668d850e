import type { MetaMasterEvent } from '@buyloop/catalogue';
import type { Projection } from '@buyloop/projector';

/** A meta master; its members are the masters whose meta_master_id names it (catalogue_masters). */
export interface MetaMasterDocument extends Record<string, unknown> {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly stream_version: number;
}

export const META_MASTERS_PROJECTION = 'catalogue_meta_masters';

export const metaMastersProjection: Projection<MetaMasterDocument> = {
  name: META_MASTERS_PROJECTION,
  version: 1,
  handles: ['MetaMasterCreated', 'MetaMasterUpdated', 'MetaMasterDeleted'],
  collection: { fields: { name: { path: 'name', type: 'string' } }, indexes: ['name'], textFields: ['name'] },
  key(event) {
    return (event.data as { metaMasterId: string }).metaMasterId;
  },
  evolve(document, recorded) {
    const event = recorded as unknown as MetaMasterEvent;
    const version = Number(recorded.streamVersion);
    switch (event.type) {
      case 'MetaMasterCreated':
        return {
          id: event.data.metaMasterId,
          name: event.data.name,
          description: event.data.description,
          created_at: event.data.at,
          updated_at: event.data.at,
          stream_version: version,
        };
      case 'MetaMasterUpdated':
        return document
          ? {
              ...document,
              ...(event.data.name !== undefined ? { name: event.data.name } : {}),
              ...(event.data.description !== undefined ? { description: event.data.description } : {}),
              updated_at: event.data.at,
              stream_version: version,
            }
          : null;
      case 'MetaMasterDeleted':
        return null;
      default:
        return document;
    }
  },
};
