import { describe, expect, it } from 'vitest';
import { ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { smallCatalogue } from '../testing/small-catalogue';
import { catalogueDecider, decidePublishCatalogue, type CatalogueEvent } from './decide';

const { given } = deciderSpec(catalogueDecider);
const at = '2026-11-22T10:00:00.000Z';
const published = (catalogue = smallCatalogue('cz')): CatalogueEvent => ({
  type: 'CataloguePublished',
  data: { market: 'cz', catalogue, source: 'demo', publishedBy: 'demo-data', at },
});

describe('publish the buy-back catalogue', () => {
  it('a valid catalogue is published', () => {
    given()
      .when({ type: 'PublishCatalogue', catalogue: smallCatalogue('cz'), source: 'demo', publishedBy: 'demo-data', at })
      .then(published());
  });

  it('publishing what is in force changes nothing (the demo data loads at every start)', () => {
    given(published())
      .when({ type: 'PublishCatalogue', catalogue: smallCatalogue('cz'), source: 'demo', publishedBy: 'x', at })
      .then();
  });

  it('a changed price list needs a higher version; an invalid catalogue is refused with each problem under its path', () => {
    const changed = smallCatalogue('cz');
    const cheaper = {
      ...changed,
      price_lists: changed.price_lists.map((list) => ({ ...list, prices: { ...list.prices, 'A+': list.prices['A+'] - 100 } })),
    };
    given(published())
      .when({ type: 'PublishCatalogue', catalogue: cheaper, source: 'edit', publishedBy: 'admin', at })
      .thenThrows(ValidationError);
    const bumped = { ...cheaper, price_lists: cheaper.price_lists.map((list) => ({ ...list, version: list.version + 1 })) };
    given(published())
      .when({ type: 'PublishCatalogue', catalogue: bumped, source: 'edit', publishedBy: 'admin', at })
      .then({ type: 'CataloguePublished', data: { market: 'cz', catalogue: bumped, source: 'edit', publishedBy: 'admin', at } });

    const broken = { ...changed, models: changed.models.map((model) => ({ ...model, slug: 'Not A Slug' })) };
    let error: unknown;
    try {
      decidePublishCatalogue(
        { type: 'PublishCatalogue', catalogue: broken, source: 'import', publishedBy: 'admin', at },
        { catalogue: null },
      );
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect(Object.keys((error as ValidationError).fieldErrors)).toContain('models[0].slug');
  });
});
