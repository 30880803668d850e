import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '@buyloop/kit';
import { processImage } from '../processing';
import { DEVICE_KINDS, PRODUCT_IMAGE_SIDE, renderProductImage, type ProductImageSpec } from './render-product-image';
import { productImageFileName, productImageId } from './product-images';

const iphone: ProductImageSpec = {
  manufacturer: 'Apple',
  model: 'iPhone 15 Pro',
  colourName: 'Titan přírodní',
  colourHex: '#b8b2a7',
  kind: 'phone',
};

describe('drawn product images', () => {
  it('draws the same SVG for the same product every time, in the product’s colour, with its names', () => {
    const svg = renderProductImage(iphone);
    expect(renderProductImage({ ...iphone })).toBe(svg);
    expect(svg).toContain(`width="${PRODUCT_IMAGE_SIDE}" height="${PRODUCT_IMAGE_SIDE}"`);
    expect(svg).toContain('#b8b2a7');
    expect(svg).toContain('>APPLE<');
    expect(svg).toContain('>iPhone 15 Pro<');
    expect(svg).toContain('>Titan přírodní<');
    expect(renderProductImage({ ...iphone, colourHex: '#1f2430' })).not.toBe(svg);
  });

  it('escapes names, so a model called <script> is text', () => {
    const svg = renderProductImage({ ...iphone, model: 'Tab <S9> & "FE"' });
    expect(svg).toContain('Tab &lt;S9&gt; &amp; &quot;FE&quot;');
    expect(svg).not.toContain('<S9>');
  });

  it('refuses a colour that is not #rgb or #rrggbb, an unknown kind and empty names, naming each field', () => {
    try {
      renderProductImage({ ...iphone, colourHex: 'blue', kind: 'toaster' as never, model: ' ' });
      expect.fail('drawn');
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect(Object.keys((error as ValidationError).fieldErrors).sort()).toEqual(['colourHex', 'kind', 'model']);
    }
    expect(renderProductImage({ ...iphone, colourHex: '#fff' })).toContain('#ffffff');
  });

  it('renders every kind to a square picture the upload path accepts', async () => {
    for (const kind of DEVICE_KINDS) {
      const png = await sharp(Buffer.from(renderProductImage({ ...iphone, kind })))
        .png()
        .toBuffer();
      const processed = await processImage(png);
      expect(processed.original).toMatchObject({ width: PRODUCT_IMAGE_SIDE, height: PRODUCT_IMAGE_SIDE });
      // A light studio background: the corner pixel is near white.
      const { data } = await sharp(png)
        .extract({ left: 2, top: 2, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(Math.min(data[0]!, data[1]!, data[2]!)).toBeGreaterThan(200);
    }
  });

  it('gives each product and colour a stable id and a readable file name', () => {
    expect(productImageId(iphone)).toBe(productImageId({ ...iphone, model: ' iPhone 15 PRO ' }));
    expect(productImageId(iphone)).not.toBe(productImageId({ ...iphone, colourName: 'Titan černý', colourHex: '#3b3b3d' }));
    expect(productImageId(iphone)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(productImageFileName(iphone)).toBe('apple-iphone-15-pro-titan-prirodni.png');
  });
});
