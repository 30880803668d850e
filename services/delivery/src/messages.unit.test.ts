import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { registerMessages, translate } from '@buyloop/i18n';
import { messageCodesIn } from '@buyloop/i18n/testing';
import { DELIVERY_METHODS, DELIVERY_QUOTES_PORT } from '@buyloop/contracts/delivery/port';
import { deliveryMessages } from './messages';

const here = dirname(fileURLToPath(import.meta.url));

describe('delivery messages', () => {
  registerMessages('delivery', deliveryMessages);

  it('every code the delivery context (both packages) and its contract can answer with is in the cs / ro / en catalogue', () => {
    for (const dir of [
      here,
      join(here, '../../../read-models/delivery/src'),
      join(here, '../../../shared/contracts/src/delivery'),
    ]) {
      const { codes, missing } = messageCodesIn(dir, ['delivery', 'validation']);
      expect(codes.length, dir).toBeGreaterThan(0);
      // The port's name is quoted like a code but is no text.
      expect(
        missing.filter((code) => code !== DELIVERY_QUOTES_PORT.name),
        dir,
      ).toEqual([]);
    }
  });

  it('names and describes every method in every language, spec 8’s refusals among the texts', () => {
    for (const method of DELIVERY_METHODS)
      for (const language of ['cs', 'ro', 'en'] as const) {
        expect(translate(`delivery.name.${method}`, language)).not.toBe(`delivery.name.${method}`);
        expect(translate(`delivery.description.${method}`, language)).not.toBe(`delivery.description.${method}`);
      }
    expect(translate('delivery.place_unavailable', 'en')).toMatch(/unavailable or congested/);
    expect(translate('delivery.method_unavailable', 'en')).toMatch(/not available/);
  });
});
