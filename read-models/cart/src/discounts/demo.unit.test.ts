import { describe, expect, it } from 'vitest';
import type { DiscountFields } from '@buyloop/contracts/cart/discounts';
import { IllegalState } from '@buyloop/kit';
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

  it('leaves the demo discounts an earlier start created as they are (a second start of the same store starts)', async () => {
    const stored = new Set<string>();
    const service = {
      create: async (_fields: DiscountFields, _actor: unknown, id?: string) => {
        // What the decider answers for an id it holds with other fields (an edited demo discount, another day's dates).
        if (stored.has(id!)) throw new IllegalState('discount.exists', 'A discount with this id exists already');
        stored.add(id!);
        return { id: id!, streamVersion: 1n, checkpoint: null, warnings: [] };
      },
    };
    expect(await loadDiscountDemoData(service)).toHaveLength(2);
    expect(await loadDiscountDemoData(service)).toEqual([]);
  });

  it('does not hide any other refusal', async () => {
    const service = {
      create: async () => {
        throw new IllegalState('discount.something_else', 'No');
      },
    };
    await expect(loadDiscountDemoData(service)).rejects.toThrow('No');
  });
});
