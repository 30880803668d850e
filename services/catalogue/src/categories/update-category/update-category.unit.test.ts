import { describe, expect, it } from 'vitest';
import { NotFound, ValidationError, fold } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { categoryTreeDecider } from '../decider';
import type { CategoryEvent } from '../events';
import { LATER, moved, tree } from '../testing';
import type { UpdateCategory } from './decide';

const { given } = deciderSpec(categoryTreeDecider);

const update = (categoryId: string, changes: Omit<Partial<UpdateCategory>, 'type' | 'categoryId'> = {}): UpdateCategory => ({
  type: 'UpdateCategory',
  categoryId,
  at: LATER,
  ...changes,
});

function fieldErrorsOf(history: CategoryEvent[], command: UpdateCategory): Readonly<Record<string, readonly string[]>> {
  try {
    categoryTreeDecider.decide(command, fold(categoryTreeDecider, history));
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).fieldErrors;
  }
  return expect.fail('the command was not refused');
}

describe('updating a category', () => {
  it('records only the fields that changed; the slug stays when the name changes', () => {
    given(...tree)
      .when(update('samsung', { name: 'Samsung Galaxy', forBuyout: true, filterable: false, manufacturerIds: ['samsung'] }))
      .then({ type: 'CategoryUpdated', data: { categoryId: 'samsung', name: 'Samsung Galaxy', forBuyout: true, at: LATER } });
  });

  it('records nothing when nothing changes', () => {
    given(...tree)
      .when(update('apple', { name: 'Apple ', manufacturerIds: ['apple'], forDisplay: true, parentId: 'phones' }))
      .then();
  });

  it('sets a slug, or derives a fresh one from the new name when given null', () => {
    given(...tree)
      .when(update('chargers', { seoName: 'nabijecky-a-kabely' }))
      .then({ type: 'CategoryUpdated', data: { categoryId: 'chargers', seoName: 'nabijecky-a-kabely', at: LATER } });
    given(...tree)
      .when(update('chargers', { name: 'Nabíječky a kabely', seoName: null }))
      .then({
        type: 'CategoryUpdated',
        data: { categoryId: 'chargers', name: 'Nabíječky a kabely', seoName: 'nabijecky-a-kabely', at: LATER },
      });
    // Its own slug is no clash.
    given(...tree)
      .when(update('chargers', { seoName: null }))
      .then();
  });

  it('changes manufacturers, photo and type device, and clears them with an empty list or null', () => {
    given(...tree)
      .when(update('phones', { manufacturerIds: ['apple', 'samsung'], photoId: 'img-1', typeDeviceId: null }))
      .then({
        type: 'CategoryUpdated',
        data: { categoryId: 'phones', manufacturerIds: ['apple', 'samsung'], photoId: 'img-1', typeDeviceId: null, at: LATER },
      });
    given(...tree)
      .when(update('apple', { manufacturerIds: [] }))
      .then({ type: 'CategoryUpdated', data: { categoryId: 'apple', manufacturerIds: [], at: LATER } });
  });

  it('sets the SEO title and description trimmed, clears them with blank or null, and records no change', () => {
    given(...tree)
      .when(update('phones', { seoTitle: ' Mobilní telefony – nové i repasované ', seoDescription: 'Telefony\nza dobré ceny' }))
      .then({
        type: 'CategoryUpdated',
        data: {
          categoryId: 'phones',
          seoTitle: 'Mobilní telefony – nové i repasované',
          seoDescription: 'Telefony\nza dobré ceny',
          at: LATER,
        },
      });
    const titled = [
      ...tree,
      ...categoryTreeDecider.decide(
        update('phones', { seoTitle: 'Telefony', seoDescription: 'Popis' }),
        fold(categoryTreeDecider, tree),
      ),
    ];
    given(...titled)
      .when(update('phones', { seoTitle: '  ', seoDescription: null }))
      .then({ type: 'CategoryUpdated', data: { categoryId: 'phones', seoTitle: null, seoDescription: null, at: LATER } });
    given(...titled)
      .when(update('phones', { seoTitle: 'Telefony ', seoDescription: 'Popis' }))
      .then();
    // A category never given them has none: blank changes nothing.
    given(...tree)
      .when(update('tablets', { seoTitle: '', seoDescription: null }))
      .then();
  });

  it('refuses SEO texts too long, a title over lines and invisible characters', () => {
    expect(fieldErrorsOf(tree, update('phones', { seoTitle: 'x'.repeat(201), seoDescription: 'y'.repeat(501) }))).toEqual({
      seo_title: ['validation.max_length'],
      seo_description: ['validation.max_length'],
    });
    expect(fieldErrorsOf(tree, update('phones', { seoTitle: 'Telefony\nnové', seoDescription: 'Tele\u200bfony' }))).toEqual({
      seo_title: ['validation.text_characters_invalid'],
      seo_description: ['validation.text_characters_invalid'],
    });
    expect(fieldErrorsOf(tree, update('phones', { seoTitle: 5 as never }))).toEqual({ seo_title: ['validation.invalid_type'] });
  });

  it('a new parent moves the category to that parent’s end, after the field changes', () => {
    given(...tree)
      .when(update('samsung', { parentId: 'tablets', name: 'Samsung Tab' }))
      .then(
        { type: 'CategoryUpdated', data: { categoryId: 'samsung', name: 'Samsung Tab', at: LATER } },
        moved('samsung', 'tablets', 0, 'phones', 1),
      );
    given(...tree)
      .when(update('apple', { parentId: null }))
      .then(moved('apple', null, 3, 'phones', 0));
  });

  it('refuses a cyclic parent: itself or any category below it, with nothing decided', () => {
    expect(fieldErrorsOf(tree, update('phones', { parentId: 'iphone' }))).toEqual({
      parent: ['catalogue.category.move_into_own_subtree'],
    });
    expect(fieldErrorsOf(tree, update('apple', { parentId: 'apple', name: 'Jablko' }))).toEqual({
      parent: ['catalogue.category.move_into_own_subtree'],
    });
    expect(fieldErrorsOf(tree, update('apple', { parentId: 'gone' }))).toEqual({
      parent: ['catalogue.category.target_not_found'],
    });
  });

  it('refuses a name a sibling has, here or under the new parent, and a slug another category has', () => {
    expect(fieldErrorsOf(tree, update('samsung', { name: 'apple' }))).toEqual({ name: ['catalogue.category.name_taken'] });
    expect(fieldErrorsOf(tree, update('chargers', { parentId: null, name: 'Tablety' }))).toEqual({
      name: ['catalogue.category.name_taken'],
    });
    expect(fieldErrorsOf(tree, update('samsung', { seoName: 'apple' }))).toEqual({
      seo_name: ['catalogue.category.seo_name_taken'],
    });
  });

  it('refuses malformed fields and unknown references under their fields', () => {
    expect(
      fieldErrorsOf(
        tree,
        update('apple', {
          name: '',
          seoName: 'Ä',
          manufacturerIds: ['nokla'],
          missing: { manufacturerIds: ['nokla'] },
          filterable: 1 as never,
        }),
      ),
    ).toEqual({
      name: ['validation.required'],
      seo_name: ['catalogue.category.seo_name_invalid'],
      filterable: ['validation.invalid_type'],
      'manufacturers.0': ['catalogue.category.manufacturer_not_found'],
    });
  });

  it('refuses a category the tree does not have', () => {
    given(...tree)
      .when(update('nowhere', { name: 'X' }))
      .thenThrows(NotFound, 'catalogue.category.not_found');
  });
});
