import { describe, expect, it } from 'vitest';
import { IllegalState, ValidationError, fold } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { categoryTreeDecider } from '../decider';
import type { CategoryEvent } from '../events';
import { added, AT, tree } from '../testing';
import { CATEGORY_MAX_COUNT } from '../rules';
import type { AddCategory } from './decide';

const { given } = deciderSpec(categoryTreeDecider);

const add = (overrides: Partial<AddCategory> = {}): AddCategory => ({
  type: 'AddCategory',
  categoryId: 'watches',
  parentId: null,
  name: 'Chytré hodinky',
  at: AT,
  ...overrides,
});

function fieldErrorsOf(history: CategoryEvent[], command: AddCategory): Readonly<Record<string, readonly string[]>> {
  try {
    categoryTreeDecider.decide(command, fold(categoryTreeDecider, history));
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).fieldErrors;
  }
  return expect.fail('the command was not refused');
}

describe('adding a category', () => {
  it('adds the first category of an empty tree with spec 3’s defaults and a slug from the name', () => {
    given()
      .when(add())
      .then(added('watches', null, 0, 'Chytré hodinky', 'chytre-hodinky'));
  });

  it('adds a category last among its siblings unless placed, and clamps a position past the end', () => {
    given(...tree)
      .when(add({ parentId: 'phones', name: 'Xiaomi' }))
      .then(added('watches', 'phones', 2, 'Xiaomi', 'xiaomi'));
    given(...tree)
      .when(add({ parentId: 'phones', name: 'Xiaomi', position: 0 }))
      .then(added('watches', 'phones', 0, 'Xiaomi', 'xiaomi'));
    given(...tree)
      .when(add({ name: 'Hodinky', position: 99 }))
      .then(added('watches', null, 3, 'Hodinky', 'hodinky'));
  });

  it('keeps every field of the form, trimmed, with manufacturers once each', () => {
    given(...tree)
      .when(
        add({
          name: '  Chytré hodinky ',
          seoName: 'hodinky',
          forDisplay: false,
          forBuyout: true,
          forService: true,
          filterable: true,
          manufacturerIds: ['apple', 'samsung', 'apple'],
          photoId: 'img-1',
          typeDeviceId: 'smartwatch',
        }),
      )
      .then(
        added('watches', null, 3, 'Chytré hodinky', 'hodinky', {
          forDisplay: false,
          forBuyout: true,
          forService: true,
          filterable: true,
          manufacturerIds: ['apple', 'samsung'],
          photoId: 'img-1',
          typeDeviceId: 'smartwatch',
        }),
      );
  });

  it('keeps the SEO title and description trimmed, blank as none', () => {
    given(...tree)
      .when(add({ seoTitle: ' Chytré hodinky Apple a Samsung ', seoDescription: 'Hodinky\na náramky ' }))
      .then(
        added('watches', null, 3, 'Chytré hodinky', 'chytre-hodinky', {
          seoTitle: 'Chytré hodinky Apple a Samsung',
          seoDescription: 'Hodinky\na náramky',
        }),
      );
    given(...tree)
      .when(add({ seoTitle: '   ', seoDescription: null }))
      .then(added('watches', null, 3, 'Chytré hodinky', 'chytre-hodinky'));
    expect(fieldErrorsOf(tree, add({ seoTitle: 'x'.repeat(201), seoDescription: 'Hodinky\u202e' }))).toEqual({
      seo_title: ['validation.max_length'],
      seo_description: ['validation.text_characters_invalid'],
    });
  });

  it('makes a derived slug unique in the whole tree with a number', () => {
    given(...tree)
      .when(add({ parentId: 'tablets', name: 'Apple' }))
      .then(added('watches', 'tablets', 0, 'Apple', 'apple-2'));
    given(...tree, added('apple-tablets', 'tablets', 0, 'Apple', 'apple-2'))
      .when(add({ parentId: 'accessories', name: 'APPLE' }))
      .then(added('watches', 'accessories', 1, 'APPLE', 'apple-3'));
  });

  it('refuses a name its siblings already have (case and accents aside) and a slug any category has', () => {
    expect(fieldErrorsOf(tree, add({ parentId: 'phones', name: 'SAMSUNG' }))).toEqual({
      name: ['catalogue.category.name_taken'],
    });
    expect(fieldErrorsOf(tree, add({ name: 'mobilni telefony' }))).toEqual({ name: ['catalogue.category.name_taken'] });
    expect(fieldErrorsOf(tree, add({ name: 'Jablka', seoName: 'apple' }))).toEqual({
      seo_name: ['catalogue.category.seo_name_taken'],
    });
    // The same name elsewhere in the tree is fine.
    given(...tree)
      .when(add({ parentId: 'tablets', name: 'Samsung' }))
      .then(added('watches', 'tablets', 0, 'Samsung', 'samsung-2'));
  });

  it('refuses an unknown parent and a tree deeper than 8 levels', () => {
    expect(fieldErrorsOf(tree, add({ parentId: 'nowhere' }))).toEqual({ parent: ['catalogue.category.parent_not_found'] });
    const chain = Array.from({ length: 8 }, (_, i) => added(`l${i + 1}`, i === 0 ? null : `l${i}`, 0, `L${i + 1}`, `l${i + 1}`));
    expect(fieldErrorsOf(chain, add({ parentId: 'l8' }))).toEqual({ parent: ['catalogue.category.too_deep'] });
    given(...chain)
      .when(add({ parentId: 'l7', name: 'Deepest' }))
      .then(added('watches', 'l7', 1, 'Deepest', 'deepest'));
  });

  it('refuses manufacturers, a type device and a photo the catalogue does not have, under their fields', () => {
    expect(
      fieldErrorsOf(
        tree,
        add({
          manufacturerIds: ['apple', 'nokla'],
          typeDeviceId: 'toaster',
          photoId: 'img-x',
          missing: { manufacturerIds: ['nokla'], typeDeviceId: true, photoId: true },
        }),
      ),
    ).toEqual({
      'manufacturers.1': ['catalogue.category.manufacturer_not_found'],
      type_device: ['catalogue.category.type_device_not_found'],
      photo_id: ['catalogue.category.photo_not_found'],
    });
  });

  it('refuses malformed input before looking at the tree', () => {
    expect(
      fieldErrorsOf(tree, add({ name: ' ', seoName: 'Not A Slug', position: -1, at: 'soon', forBuyout: 'yes' as never })),
    ).toEqual({
      name: ['validation.required'],
      seo_name: ['catalogue.category.seo_name_invalid'],
      position: ['validation.invalid_value'],
      for_buyout: ['validation.invalid_type'],
      at: ['validation.date_invalid'],
    });
    expect(fieldErrorsOf([], add({ name: 'x'.repeat(101) }))).toEqual({ name: ['validation.max_length'] });
    expect(fieldErrorsOf([], add({ name: 'Hodinky\u202e' }))).toEqual({ name: ['validation.text_characters_invalid'] });
    given(...tree)
      .when(add({ seoName: 'x--y' }))
      .thenThrows(ValidationError, 'validation.failed');
  });

  it('refuses an id the tree already holds', () => {
    given(...tree)
      .when(add({ categoryId: 'phones', name: 'Telefony' }))
      .thenThrows(IllegalState, 'catalogue.category.already_exists');
  });

  it('refuses a category past the tree’s limit', () => {
    // A tree at the limit, made directly: folding 5,000 additions one by one is what the limit is there to avoid.
    const one = fold(categoryTreeDecider, [added('c0', null, 0, 'Kategorie 0', 'kategorie-0')]);
    const node = one.categories.c0!;
    const ids = Array.from({ length: CATEGORY_MAX_COUNT }, (_, i) => `c${i}`);
    const full = {
      ...one,
      categories: Object.fromEntries(
        ids.map((id, i) => [id, { ...node, id, name: `Kategorie ${i}`, seoName: `kategorie-${i}` }]),
      ),
      rootIds: ids,
    };
    expect(() => categoryTreeDecider.decide(add({ categoryId: 'one-more', name: 'Ještě jedna' }), full)).toThrow(
      expect.objectContaining({ code: 'catalogue.category.too_many' }),
    );
    expect(
      categoryTreeDecider.decide(add({ categoryId: 'one-more', name: 'Ještě jedna' }), {
        ...full,
        categories: one.categories,
        rootIds: ['c0'],
      }),
    ).toHaveLength(1);
  });
});
