import type { Message } from '../message';

/** Error codes and texts of the catalogue's media area (cs / ro / en). */
export const catalogueMediaMessages = {
  'catalogue.image.empty': {
    cs: 'Soubor je prázdný. Vyberte prosím obrázek.',
    ro: 'Fișierul este gol. Vă rugăm să alegeți o imagine.',
    en: 'The file is empty. Please choose an image.',
  },
  'catalogue.image.not_an_image': {
    cs: 'Soubor není obrázek. Nahrajte prosím fotografii ve formátu JPEG, PNG nebo WebP.',
    ro: 'Fișierul nu este o imagine. Vă rugăm să încărcați o fotografie în format JPEG, PNG sau WebP.',
    en: 'The file is not an image. Please upload a photo in JPEG, PNG or WebP format.',
  },
  'catalogue.image.format_not_allowed': {
    cs: 'Tento formát obrázku není podporován. Přijímáme pouze JPEG, PNG a WebP.',
    ro: 'Acest format de imagine nu este acceptat. Acceptăm doar JPEG, PNG și WebP.',
    en: 'This image format is not supported. Only JPEG, PNG and WebP are accepted.',
  },
  'catalogue.image.no_pixels': {
    cs: 'Obrázek nemá žádné rozměry. Nahrajte prosím jiný soubor.',
    ro: 'Imaginea nu are dimensiuni. Vă rugăm să încărcați alt fișier.',
    en: 'The image has no dimensions. Please upload another file.',
  },
  'catalogue.image.too_many_pixels': {
    cs: 'Obrázek má příliš mnoho pixelů (nejvýše {{max_megapixels}} megapixelů). Zmenšete jej prosím.',
    ro: 'Imaginea are prea mulți pixeli (cel mult {{max_megapixels}} de megapixeli). Vă rugăm să o micșorați.',
    en: 'The image has too many pixels (at most {{max_megapixels}} megapixels). Please make it smaller.',
  },
  'catalogue.image.animated': {
    cs: 'Animované obrázky nejsou podporovány. Nahrajte prosím statický obrázek.',
    ro: 'Imaginile animate nu sunt acceptate. Vă rugăm să încărcați o imagine statică.',
    en: 'Animated images are not supported. Please upload a still image.',
  },
  'catalogue.image.unreadable': {
    cs: 'Obrázek je poškozený nebo neúplný a nelze jej načíst.',
    ro: 'Imaginea este deteriorată sau incompletă și nu poate fi citită.',
    en: 'The image is damaged or incomplete and cannot be read.',
  },
  'catalogue.image.too_large': {
    cs: 'Obrázek je příliš velký. Největší povolená velikost je {{max_megabytes}} MB.',
    ro: 'Imaginea este prea mare. Dimensiunea maximă permisă este de {{max_megabytes}} MB.',
    en: 'The image is too large. The largest size allowed is {{max_megabytes}} MB.',
  },
  'catalogue.image.unsupported_type': {
    cs: 'Přijímány jsou pouze obrázky JPEG, PNG a WebP.',
    ro: 'Sunt acceptate doar imagini JPEG, PNG și WebP.',
    en: 'Only JPEG, PNG and WebP images are accepted.',
  },
  'catalogue.image.name_invalid': {
    cs: 'Název souboru nesmí obsahovat cestu (znaky / a \\).',
    ro: 'Numele fișierului nu poate conține o cale (caracterele / și \\).',
    en: 'The file name must not contain a path (the characters / and \\).',
  },
  'catalogue.image.exists': {
    cs: 'Tento požadavek už nahrál jiný obrázek. Nahrajte prosím soubor znovu.',
    ro: 'Această cerere a încărcat deja o altă imagine. Vă rugăm să încărcați fișierul din nou.',
    en: 'This request already uploaded a different image. Please upload the file again.',
  },
  'catalogue.image.not_found': {
    cs: 'Obrázek nebyl nalezen.',
    ro: 'Imaginea nu a fost găsită.',
    en: 'The image was not found.',
  },
} as const satisfies Readonly<Record<string, Message>>;
