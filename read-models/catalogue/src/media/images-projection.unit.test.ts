import { describe, expect, it } from 'vitest';
import { imageViewOf, type ImageUploadedData } from '@buyloop/catalogue';
import { project, recorded } from '@buyloop/projector/spec';
import { imagesProjection } from './images-projection';

const ID = '5f0c7a1e-3b1d-4c55-9a8e-2d6f1b7c9e01';
const hash = (n: number) => n.toString(16).padStart(64, '0');

const uploadedData: ImageUploadedData = {
  imageId: ID,
  fileName: 'galaxy-s24-violet.png',
  mediaType: 'image/png',
  width: 1200,
  height: 900,
  sizes: [
    { name: 'detail', width: 1000, height: 750, bytes: 52_000, hash: hash(3) },
    { name: 'thumb', width: 160, height: 120, bytes: 3_900, hash: hash(1) },
    { name: 'card', width: 400, height: 300, bytes: 14_200, hash: hash(2) },
  ],
  original: { mediaType: 'image/png', width: 1200, height: 900, bytes: 880_000, hash: hash(4) },
  sourceHash: hash(5),
  source: 'upload',
  at: '2026-11-24T10:00:00.000Z',
};

describe('the images read model', () => {
  const documents = project(imagesProjection, [
    recorded('ImageUploaded', uploadedData, `image-${ID}`),
    // Another context's event of the same name on another stream is not an image.
    recorded('ImageUploaded', { ...uploadedData, imageId: 'x' }, 'buyback-B-1001'),
  ]);

  it('keeps one document per image, keyed by its id, with every size’s hash', () => {
    expect([...documents.keys()]).toEqual([ID]);
    expect(documents.get(ID)).toMatchObject({
      id: ID,
      file_name: 'galaxy-s24-violet.png',
      media_type: 'image/png',
      uploaded_at: '2026-11-24T10:00:00.000Z',
      source: 'upload',
      original: { media_type: 'image/png', width: 1200, height: 900, bytes: 880_000, hash: hash(4) },
    });
    expect(documents.get(ID)!.sizes.map((size) => size.hash)).toEqual([hash(3), hash(1), hash(2)]);
  });

  it('answers the API’s shape: sizes smallest first with their URLs, no hashes', () => {
    const view = imageViewOf(documents.get(ID)!);
    expect(view.sizes).toEqual([
      { name: 'thumb', width: 160, height: 120, bytes: 3_900, url: `/media/catalogue/${ID}/thumb.webp` },
      { name: 'card', width: 400, height: 300, bytes: 14_200, url: `/media/catalogue/${ID}/card.webp` },
      { name: 'detail', width: 1000, height: 750, bytes: 52_000, url: `/media/catalogue/${ID}/detail.webp` },
    ]);
    expect(view.urls.original).toBe(`/media/catalogue/${ID}/original.png`);
    expect(JSON.stringify(view)).not.toContain(hash(1));
  });
});
