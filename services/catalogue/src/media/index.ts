/**
 * The catalogue's product images: the image stream and its decider, the
 * upload (checks, sizes, storage, then the event), the blob store the bytes
 * live in, and the demo data's drawn product pictures.
 */
export {
  IMAGE_EVENT_TYPES,
  IMAGE_STREAM_PREFIX,
  hashesOf,
  evolveImage,
  initialImageState,
  type ImageEvent,
  type ImageState,
  type ImageUploadedData,
  type StoredSize,
  type StoredOriginal,
} from './events';
export { imageDecider, type ImageCommand } from './decider';
export { checkFileName, decideUploadImage, type UploadImage } from './upload-image/decide';
export { uploadImageRoute, uploadImageContract, type UploadImageRouteDeps } from './upload-image/route';
export { isImageId, uuidFrom } from './ids';
export { checkImageFacts, fitInside, mediaTypeOfFormat, processImage, type ImageFacts, type ProcessedImage } from './processing';
export {
  MediaBlobStore,
  MEDIA_BLOBS_COLLECTION,
  MEDIA_UPLOADS_COLLECTION,
  ORPHAN_GRACE_MS,
  type BlobDocuments,
  type ReferencedHashes,
  type StoredBlob,
} from './blob-store';
export {
  imageExists,
  readImage,
  referencedHashes,
  storeImage,
  type MediaDeps,
  type StoreImageRequest,
  type StoredImage,
} from './store-image';
export { imageDocumentOf, imageViewOf, type ImageDocument } from './view';
export {
  DEVICE_KINDS,
  PRODUCT_IMAGE_SIDE,
  renderProductImage,
  type DeviceKind,
  type ProductImageSpec,
} from './generate/render-product-image';
export {
  PRODUCT_IMAGE_RENDER_VERSION,
  productImageFileName,
  productImageId,
  productImages,
  type ProductImages,
  type ProductImagesOptions,
} from './generate/product-images';
