import type { Message } from '@buyloop/i18n';
import { CACHE_PURGE_ERRORS } from '@buyloop/contracts/catalogue/cache-purge';

/** The purge's own field errors (cs / ro / en); the generic ones (required, unknown field) are the platform's. */
export const pageCacheMessages = {
  [CACHE_PURGE_ERRORS.keysRequired]: {
    cs: 'Zadejte alespoň jeden klíč, který se má vyčistit.',
    ro: 'Introduceți cel puțin o cheie de golit.',
    en: 'Enter at least one key to purge.',
  },
  [CACHE_PURGE_ERRORS.urlRequired]: {
    cs: 'Zadejte adresu, která se má vyčistit.',
    ro: 'Introduceți adresa de golit.',
    en: 'Enter the address to purge.',
  },
  [CACHE_PURGE_ERRORS.urlInvalid]: {
    cs: 'Adresa musí začínat http://, https:// nebo /.',
    ro: 'Adresa trebuie să înceapă cu http://, https:// sau /.',
    en: 'The address must start with http://, https:// or /.',
  },
} as const satisfies Readonly<Record<string, Message>>;
