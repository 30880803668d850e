import type { Entry } from '../../../i18n/messages';

/**
 * Texts of the image upload (ImageUpload.tsx). The component reads them
 * itself; the catalogue's messages may also spread them
 * (`...imageUploadMessages`) so `t('images.upload.…')` works elsewhere.
 * `{name}`, `{max}` and `{percent}` are filled in.
 */
export const imageUploadMessages = {
  'images.upload.title': { cs: 'Nahrát obrázky', ro: 'Încărcați imagini', en: 'Upload images' },
  'images.upload.drop': {
    cs: 'Přetáhněte sem fotografie produktu',
    ro: 'Trageți aici fotografiile produsului',
    en: 'Drop product photos here',
  },
  'images.upload.or': { cs: 'nebo', ro: 'sau', en: 'or' },
  'images.upload.choose': { cs: 'Vybrat soubory', ro: 'Alegeți fișiere', en: 'Choose files' },
  'images.upload.hint': {
    cs: 'JPEG, PNG nebo WebP, nejvýše {max} MB na soubor.',
    ro: 'JPEG, PNG sau WebP, cel mult {max} MB pe fișier.',
    en: 'JPEG, PNG or WebP, at most {max} MB per file.',
  },
  'images.upload.uploading': { cs: 'Nahrávám… {percent} %', ro: 'Se încarcă… {percent} %', en: 'Uploading… {percent} %' },
  'images.upload.processing': {
    cs: 'Zpracovávám velikosti…',
    ro: 'Se procesează dimensiunile…',
    en: 'Making the sizes…',
  },
  'images.upload.done': { cs: 'Nahráno', ro: 'Încărcat', en: 'Uploaded' },
  'images.upload.preview': { cs: 'Náhled obrázku {name}', ro: 'Previzualizarea imaginii {name}', en: 'Preview of {name}' },
  'images.upload.wrong_type': {
    cs: 'Soubor {name} není obrázek JPEG, PNG ani WebP.',
    ro: 'Fișierul {name} nu este o imagine JPEG, PNG sau WebP.',
    en: 'The file {name} is not a JPEG, PNG or WebP image.',
  },
  'images.upload.too_large': {
    cs: 'Soubor {name} je větší než {max} MB. Zmenšete jej prosím.',
    ro: 'Fișierul {name} este mai mare de {max} MB. Vă rugăm să îl micșorați.',
    en: 'The file {name} is larger than {max} MB. Please make it smaller.',
  },
  'images.upload.empty': {
    cs: 'Soubor {name} je prázdný.',
    ro: 'Fișierul {name} este gol.',
    en: 'The file {name} is empty.',
  },
  'images.upload.failed': {
    cs: 'Obrázek {name} se nepodařilo nahrát.',
    ro: 'Imaginea {name} nu a putut fi încărcată.',
    en: 'The image {name} could not be uploaded.',
  },
  'images.upload.network': {
    cs: 'Spojení se serverem selhalo. Zkuste to prosím znovu.',
    ro: 'Conexiunea cu serverul a eșuat. Vă rugăm să încercați din nou.',
    en: 'The connection to the server failed. Please try again.',
  },
  'images.upload.retry': { cs: 'Zkusit znovu', ro: 'Reîncercați', en: 'Try again' },
  'images.upload.dismiss': { cs: 'Skrýt', ro: 'Ascundeți', en: 'Dismiss' },
} as const satisfies Record<string, Entry>;

export type ImageUploadMessageKey = keyof typeof imageUploadMessages;
