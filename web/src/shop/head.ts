import type { QueryClient } from '@tanstack/react-query';
import { text, type UiLanguage } from '../i18n';
import type { PageRoute } from '../app/routes';
import { CATEGORIES_KEY, findCategory, productQuery } from './queries';
import type { CategoriesResponse, ProductDetail } from './types';
import type { Api } from '../app/api';

/** A shop page's title and meta description, from the data the server fetched for it (null: not a shop page). */
export function shopHead(
  route: PageRoute,
  client: QueryClient,
  api: Api,
  language: UiLanguage,
): { title: string; description: string } | null {
  switch (route.page) {
    case 'home':
      return { title: text(language, 'home.title'), description: text(language, 'home.meta') };
    case 'category': {
      const found = findCategory(client.getQueryData<CategoriesResponse>(CATEGORIES_KEY)?.categories, route.seo);
      const name = found?.node.name ?? text(language, 'common.notFound.title');
      const page = Number(route.filters.page ?? 1);
      const title = found?.node.seo_title || name;
      return {
        title: page > 1 ? `${title} – ${text(language, 'catalog.page', { page })}` : title,
        description: found?.node.seo_description || text(language, 'catalog.meta', { category: name }),
      };
    }
    case 'product': {
      const detail = client.getQueryData<ProductDetail>(productQuery(api, route.seo).queryKey);
      if (!detail) return { title: text(language, 'common.notFound.title'), description: text(language, 'home.meta') };
      const plain = detail.description_html
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      return {
        title: detail.seo_title || detail.long_name,
        description: detail.seo_description || (plain || detail.long_name).slice(0, 160),
      };
    }
    case 'search':
      return {
        title: route.q ? text(language, 'search.resultsFor', { q: route.q }) : text(language, 'search.title'),
        description: text(language, 'search.meta'),
      };
    case 'favourites':
      return { title: text(language, 'favourites.title'), description: text(language, 'favourites.meta') };
    case 'faq':
      return { title: text(language, 'faq.title'), description: text(language, 'faq.meta') };
    default:
      return null;
  }
}
