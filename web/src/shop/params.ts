import type { Translate } from '../i18n';

/** A yes/no parameter (the catalogue keeps 5G support and the like as `true`/`false`) in the page's language. */
export function paramValue(value: string, t: Translate): string {
  if (value === 'true') return t('product.param.yes');
  if (value === 'false') return t('product.param.no');
  return value;
}
