import type { ReferenceKind } from './events';

/**
 * Stream names of the products area. The category (before the first '-')
 * is unique across the product; codes and ids are checked before they are
 * put into a name (rules.ts), so a name never holds a stray separator's surprise.
 */
export const REFERENCE_STREAM_CATEGORIES: Readonly<Record<ReferenceKind, string>> = {
  type_device: 'typedevice',
  manufacturer: 'manufacturer',
  unit: 'unit',
  attribute_name: 'attribute',
};

export const referenceStream = (kind: ReferenceKind, id: string): string => `${REFERENCE_STREAM_CATEGORIES[kind]}-${id}`;
export const masterStream = (masterProductId: string): string => `master-${masterProductId}`;
/** The stream per code is what makes codes unique: creating one expects no stream. */
export const productStream = (code: string): string => `product-${code}`;
export const metaMasterStream = (metaMasterId: string): string => `metamaster-${metaMasterId}`;
/** Who holds an EAN: one product at a time. */
export const eanStream = (ean: string): string => `ean-${ean}`;
/** Who holds a master's seo_name (the storefront's URL): one live master at a time. */
export const seoNameStream = (seoName: string): string => `masterslug-${seoName}`;
/** H5's image stream: a photo id exists when this stream is non-empty. */
export const imageStream = (imageId: string): string => `image-${imageId}`;
