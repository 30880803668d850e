import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '@buyloop/kit';
import { IMAGE_SIZES, MAX_IMAGE_PIXELS } from '@buyloop/contracts/catalogue/media-vocabulary';
import {
  checkImageFacts,
  fitInside,
  IMAGE_ANIMATED,
  IMAGE_EMPTY,
  IMAGE_FORMAT_NOT_ALLOWED,
  IMAGE_NO_PIXELS,
  IMAGE_NOT_AN_IMAGE,
  IMAGE_TOO_MANY_PIXELS,
  IMAGE_UNREADABLE,
  mediaTypeOfFormat,
  processImage,
  sha256,
} from './processing';

/** A photo-like picture (a gradient, so encoders have something to do). */
const picture = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({
    create: { width, height, channels, background: { r: 40, g: 120, b: 200, alpha: channels === 4 ? 0.5 : 1 } },
  }).composite([
    {
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#c00"/></linearGradient></defs><rect width="${width}" height="${height / 2}" fill="url(#g)"/></svg>`,
      ),
    },
  ]);

/** The file-field error key a refusal carries. */
async function refusalOf(input: Uint8Array): Promise<string> {
  try {
    await processImage(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    const fields = (error as ValidationError).fieldErrors;
    expect(Object.keys(fields)).toEqual(['file']);
    return fields.file![0]!;
  }
  throw new Error('the image was accepted');
}

/** A PNG whose pixels are one deflated stream of zeros: a few hundred bytes that decode to gigabytes. */
function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const firstRows = deflateSync(Buffer.alloc((1 + width * 3) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', firstRows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('what an upload must be', () => {
  it('accepts JPEG, PNG and WebP by the format the bytes are, and nothing else', () => {
    expect(mediaTypeOfFormat('jpeg')).toBe('image/jpeg');
    expect(mediaTypeOfFormat('png')).toBe('image/png');
    expect(mediaTypeOfFormat('webp')).toBe('image/webp');
    for (const format of ['svg', 'gif', 'tiff', 'heif', 'avif', 'pdf', 'toString', undefined])
      expect(mediaTypeOfFormat(format)).toBeNull();
  });

  it('refuses zero-size images, too many pixels and animations, the first problem only', () => {
    expect(checkImageFacts({ format: 'png', width: 1000, height: 800 })).toEqual([]);
    expect(checkImageFacts({ format: 'png', width: 1, height: 1 })).toEqual([]);
    expect(checkImageFacts({ format: 'gif', width: 0, height: 0 })).toEqual([IMAGE_FORMAT_NOT_ALLOWED]);
    expect(checkImageFacts({ format: 'jpeg', width: 0, height: 600 })).toEqual([IMAGE_NO_PIXELS]);
    expect(checkImageFacts({ format: 'jpeg', width: undefined, height: undefined })).toEqual([IMAGE_NO_PIXELS]);
    expect(checkImageFacts({ format: 'webp', width: 10_000, height: 5_000 })).toEqual([]);
    expect(checkImageFacts({ format: 'webp', width: 10_000, height: 5_001 })).toEqual([IMAGE_TOO_MANY_PIXELS]);
    expect(checkImageFacts({ format: 'webp', width: 400, height: 400, pages: 12 })).toEqual([IMAGE_ANIMATED]);
    expect(MAX_IMAGE_PIXELS).toBe(50_000_000);
  });
});

describe('sizing', () => {
  it('fits inside the box with the aspect kept and never enlarges', () => {
    expect(fitInside(1000, 4000, 3000)).toEqual({ width: 1000, height: 750 });
    expect(fitInside(160, 3000, 4000)).toEqual({ width: 120, height: 160 });
    expect(fitInside(400, 1000, 1000)).toEqual({ width: 400, height: 400 });
    expect(fitInside(1000, 600, 450)).toEqual({ width: 600, height: 450 });
    expect(fitInside(160, 1000, 667)).toEqual({ width: 160, height: 107 });
    // A panorama keeps at least a pixel of height.
    expect(fitInside(160, 20_000, 10)).toEqual({ width: 160, height: 1 });
  });

  it('makes every size as WebP at the dimensions fitInside decides, from a landscape JPEG', async () => {
    const jpeg = await picture(1500, 1001).jpeg({ quality: 85 }).toBuffer();
    const processed = await processImage(jpeg);
    expect(processed.mediaType).toBe('image/jpeg');
    expect(processed.sourceHash).toBe(sha256(jpeg));
    expect(processed.sizes.map((s) => s.name)).toEqual(IMAGE_SIZES.map((s) => s.name));
    for (const size of processed.sizes) {
      const box = IMAGE_SIZES.find((s) => s.name === size.name)!.box;
      const meta = await sharp(size.bytes).metadata();
      expect(meta.format).toBe('webp');
      expect({ width: meta.width, height: meta.height }).toEqual(fitInside(box, 1500, 1001));
      expect({ width: size.width, height: size.height }).toEqual(fitInside(box, 1500, 1001));
      expect(size.hash).toBe(sha256(size.bytes));
    }
    expect(processed.original).toMatchObject({ width: 1500, height: 1001 });
    expect((await sharp(processed.original.bytes).metadata()).format).toBe('jpeg');
  });

  it('does not enlarge a small image: every size of a 300 px picture is at most 300 px', async () => {
    const png = await picture(300, 200).png().toBuffer();
    const processed = await processImage(png);
    expect(processed.sizes.map(({ name, width, height }) => ({ name, width, height }))).toEqual([
      { name: 'thumb', width: 160, height: 107 },
      { name: 'card', width: 300, height: 200 },
      { name: 'detail', width: 300, height: 200 },
    ]);
  });

  it('turns a phone photo upright by its EXIF orientation and removes the metadata from every file', async () => {
    // Stored 600 × 400 with "rotate 90° clockwise to view": upright it is 400 × 600.
    const jpeg = await picture(600, 400)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Buyloop', Artist: 'Warehouse phone' } } })
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif).toBeDefined();

    const processed = await processImage(jpeg);
    expect(processed.original).toMatchObject({ width: 400, height: 600 });
    for (const bytes of [processed.original.bytes, ...processed.sizes.map((s) => s.bytes)]) {
      const meta = await sharp(bytes).metadata();
      expect(meta.orientation ?? 1).toBe(1);
      expect(meta.exif).toBeUndefined();
      expect(meta.height).toBeGreaterThan(meta.width);
    }
  });

  it('keeps a PNG’s transparency and a WebP’s format for the original', async () => {
    const png = await picture(500, 500, 4).png().toBuffer();
    const fromPng = await processImage(png);
    expect((await sharp(fromPng.sizes[0]!.bytes).metadata()).hasAlpha).toBe(true);
    expect((await sharp(fromPng.original.bytes).metadata()).format).toBe('png');

    const webp = await picture(500, 300).webp().toBuffer();
    const fromWebp = await processImage(webp);
    expect(fromWebp.mediaType).toBe('image/webp');
    expect((await sharp(fromWebp.original.bytes).metadata()).format).toBe('webp');
  });
});

describe('what is refused, under `file`', () => {
  it('an empty body and bytes that are not an image, whatever they were declared as', async () => {
    expect(await refusalOf(new Uint8Array())).toBe(IMAGE_EMPTY);
    expect(await refusalOf(Buffer.from('Dobrý den, tohle není obrázek.\n'))).toBe(IMAGE_NOT_AN_IMAGE);
    expect(await refusalOf(Buffer.from('%PDF-1.7\n1 0 obj\n'))).toBe(IMAGE_NOT_AN_IMAGE);
  });

  it('images of other formats: SVG (it may carry scripts), GIF, TIFF', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script></svg>');
    expect(await refusalOf(svg)).toBe(IMAGE_FORMAT_NOT_ALLOWED);
    expect(await refusalOf(await picture(50, 50).gif().toBuffer())).toBe(IMAGE_FORMAT_NOT_ALLOWED);
    expect(await refusalOf(await picture(50, 50).tiff().toBuffer())).toBe(IMAGE_FORMAT_NOT_ALLOWED);
  });

  it('a decompression bomb: a file of a few hundred bytes that claims 60 or 400 megapixels, before anything is decoded', async () => {
    for (const [width, height] of [
      [10_000, 6_000],
      [20_000, 20_000],
    ] as const) {
      const bomb = pngHeader(width, height);
      expect(bomb.length).toBeLessThan(1_000);
      expect(await refusalOf(bomb)).toBe(IMAGE_TOO_MANY_PIXELS);
    }
  });

  it('an animated WebP', async () => {
    const frames = await Promise.all(
      ['#c00', '#0c0', '#00c'].map((colour) =>
        sharp({ create: { width: 40, height: 40, channels: 3, background: colour } })
          .png()
          .toBuffer(),
      ),
    );
    const animated = await sharp(frames, { join: { animated: true } })
      .webp({ loop: 0 })
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);
    expect(await refusalOf(animated)).toBe(IMAGE_ANIMATED);
  });

  it('a damaged file: a JPEG cut off half-way', async () => {
    const jpeg = await picture(800, 600).jpeg().toBuffer();
    expect(await refusalOf(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).toBe(IMAGE_UNREADABLE);
  });
});
