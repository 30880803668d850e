import { describe, expect, it } from 'vitest';
import { seoTextSave, seoTextsUrl } from './seo-texts';

describe('the SEO texts grid’s requests', () => {
  it('asks for a block by kind and words, leaving out what is not chosen', () => {
    const params = new URL(seoTextsUrl({ startRow: 100, endRow: 200 }, 'category', ' mobilni telefony '), 'http://x')
      .searchParams;
    expect(Object.fromEntries(params)).toEqual({ startRow: '100', endRow: '200', kind: 'category', quick: 'mobilni telefony' });
    expect(seoTextsUrl({ startRow: 0, endRow: 100 }, '', '  ')).toBe('/api/admin/catalogue/seo-texts?startRow=0&endRow=100');
  });

  it('saves a master’s texts through the SEO route and a category’s with the category, blank as none', () => {
    expect(seoTextSave({ kind: 'master', id: 'm/1' }, { seo_title: ' iPhone 15 ', seo_description: '' })).toEqual({
      path: '/api/admin/catalogue/seo-texts/master/m%2F1',
      body: { seo_title: 'iPhone 15', seo_description: null },
    });
    expect(
      seoTextSave({ kind: 'category', id: 'phones' }, { seo_title: '  ', seo_description: 'Telefony\nnové i použité' }),
    ).toEqual({
      path: '/api/admin/catalogue/categories/phones',
      body: { seo_title: null, seo_description: 'Telefony\nnové i použité' },
    });
  });
});
