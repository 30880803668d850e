import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { translate } from '@buyloop/i18n';
import { messageCodesIn } from '@buyloop/i18n/testing';

const here = dirname(fileURLToPath(import.meta.url));

describe('media messages', () => {
  it('every error code the upload and the image routes answer with is in the cs / ro / en catalogue', () => {
    const written = messageCodesIn(here, ['catalogue\\.image', 'validation', 'request']);
    const read = messageCodesIn(join(here, '../../../../read-models/catalogue/src/media'), ['catalogue\\.image']);
    expect(written.codes).toEqual(expect.arrayContaining(['catalogue.image.not_an_image', 'catalogue.image.too_large']));
    expect(read.codes).toContain('catalogue.image.not_found');
    expect([...written.missing, ...read.missing]).toEqual([]);
  });

  it('quotes the limits the API refuses by', () => {
    expect(translate('catalogue.image.too_large', 'cs', { max_megabytes: 10 })).toBe(
      'Obrázek je příliš velký. Největší povolená velikost je 10 MB.',
    );
    expect(translate('catalogue.image.too_many_pixels', 'ro', { max_megapixels: 50 })).toContain('50 de megapixeli');
  });
});
