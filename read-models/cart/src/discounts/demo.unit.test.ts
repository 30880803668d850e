import { describe, expect, it } from 'vitest';
import type { DiscountFields } from '@buyloop/contracts/cart/discounts';
import { loadDiscountDemoData } from './demo';

describe('the discounts’ demo data', () => {
  it('is a public 10 % code VITEJTE10 and the ISIC discount, under fixed ids so loading again adds nothing', async () => {
    const calls: { fields: DiscountFields; id: string | undefined }[] = [];
    const service = {
      create: async (fields: DiscountFields, _actor: unknown, id?: string) => {
        calls.push({ fields, id });
        return { id: id ?? 'random', streamVersion: 1n, checkpoint: null, warnings: [] };
      },
    };
    await loadDiscountDemoData(service);
    await loadDiscountDemoData(service);
    expect(calls).toHaveLength(4);
    expect(calls[0]!.fields).toMatchObject({
      codes: ['VITEJTE10'],
      discount_type: 'percentage',
      discount_value: 10,
      is_public: true,
    });
    expect(calls[1]!.fields).toMatchObject({ is_isic: true, is_active: true });
    expect(calls.map((call) => call.id)).toEqual([calls[0]!.id, calls[1]!.id, calls[0]!.id, calls[1]!.id]);
    expect(calls[0]!.id).not.toBe(calls[1]!.id);
  });
});
