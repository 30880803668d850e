import { SecuredRouter } from '@buyloop/http';
import type { ModuleContext, ScheduledJob, StreamFolder } from '@buyloop/projector';
import {
  imageDecider,
  MediaBlobStore,
  productImages,
  referencedHashes,
  storeImage,
  uploadImageRoute,
  type MediaDeps,
  type ProductImages,
  type ProductImagesOptions,
  type StoreImageRequest,
  type StoredImage,
} from '@buyloop/catalogue';
import { asProjections, type CataloguePart } from '../part';
import { imagesProjection } from './images-projection';
import { imageRoutes } from './image-routes';

/** What tests and the demo data reach the media area for. */
export interface MediaHandle {
  readonly blobs: MediaBlobStore;
  /** Stores bytes as an image, exactly as an upload does (checks, sizes, blobs, then the event). */
  store(request: StoreImageRequest): Promise<StoredImage>;
  /** The demo data's drawn product pictures. */
  readonly productImages: ProductImages;
  /** Deletes orphaned blobs now (the job does it every few minutes); answers how many. */
  sweep(): Promise<number>;
}

export interface MediaPartOptions {
  /** How often orphaned blobs are looked for (10 minutes). */
  readonly sweepIntervalMs?: number;
}

/** The media area's write-side dependencies over a module's context. */
export const mediaDepsOf = (context: Pick<ModuleContext, 'events' | 'documents' | 'market' | 'clock'>): MediaDeps => ({
  events: context.events,
  blobs: new MediaBlobStore(context.documents),
  market: context.market,
  clock: context.clock,
});

/**
 * The demo data's product pictures over a module's context, for another
 * area's loader (the demo area): `productImagesFor(context).image({ … })`.
 */
export const productImagesFor = (
  context: Pick<ModuleContext, 'events' | 'documents' | 'market' | 'clock'>,
  options?: ProductImagesOptions,
): ProductImages => productImages(mediaDepsOf(context), options);

/** The catalogue's media area: product images, their upload, serving and library. */
export const mediaPart = (options: MediaPartOptions = {}): CataloguePart<MediaHandle> => ({
  name: 'media',
  projections: asProjections(imagesProjection),
  streams: { image: imageDecider as unknown as StreamFolder },
  async open(context) {
    const deps = mediaDepsOf(context);
    await deps.blobs.ensureCollections();
    const sweep = () => deps.blobs.sweepOrphans(context.clock(), referencedHashes(context.events));

    const routes = new SecuredRouter({ tag: 'Catalogue images' });
    uploadImageRoute(routes, { ...deps, settle: context.settle });
    imageRoutes(routes, {
      documents: context.documents,
      collection: () => context.collection(imagesProjection.name),
      blobs: deps.blobs,
    });

    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    const job: ScheduledJob = {
      name: 'catalogue image sweep',
      start() {
        const run = () => {
          running = sweep()
            .then((deleted) => {
              if (deleted > 0) context.logger.info('Orphaned image blobs deleted', { deleted });
            })
            .catch((error: unknown) => context.logger.error('The catalogue image sweep failed', { error }));
        };
        run();
        timer = setInterval(run, options.sweepIntervalMs ?? 10 * 60_000);
        timer.unref();
      },
      async stop() {
        clearInterval(timer);
        await running;
      },
    };

    return {
      routes: [routes],
      jobs: [job],
      handle: {
        blobs: deps.blobs,
        store: (request) => storeImage(deps, request, { actor: { userId: 'system', role: 'system' } }),
        productImages: productImages(deps),
        sweep,
      },
    };
  },
});
