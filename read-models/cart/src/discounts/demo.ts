import type { DiscountService } from '@buyloop/cart';
import { DISCOUNT_ERROR_CODES, discountFieldsOf, discountRequestSchema } from '@buyloop/contracts/cart/discounts';
import { DomainError, systemActor } from '@buyloop/kit';

/**
 * Development's discounts: a public code for 10 % off (`VITEJTE10`) and the
 * ISIC card's 5 %.
 */
export async function loadDiscountDemoData(service: Pick<DiscountService, 'create'>): Promise<readonly string[]> {
  const demo = [
    {
      id: '00000000-0000-4000-8000-00000000d001',
      title: 'Vítejte: 10 % na první nákup',
      marketing_name: 'Sleva 10 % pro nové zákazníky',
      is_public: true,
      is_combinable: true,
      discount_type: 'percentage',
      discount_value: 10,
      codes: ['VITEJTE10'],
      internal_note: 'Demo data',
    },
    {
      id: '00000000-0000-4000-8000-00000000d002',
      title: 'ISIC: 5 % pro studenty',
      marketing_name: 'Studentská sleva s kartou ISIC',
      is_public: true,
      is_combinable: false,
      is_isic: true,
      discount_type: 'percentage',
      discount_value: 5,
      internal_note: 'Demo data',
    },
  ];
  const created: string[] = [];
  for (const { id, ...raw } of demo) {
    // Fixed ids: a later start finds them and leaves them as they are, edited in the back office or not.
    try {
      const written = await service.create(discountFieldsOf(discountRequestSchema.parse(raw)), systemActor, id);
      created.push(`discount-${written.id}`);
    } catch (error) {
      if (!(error instanceof DomainError && error.code === DISCOUNT_ERROR_CODES.exists)) throw error;
    }
  }
  return created;
}
