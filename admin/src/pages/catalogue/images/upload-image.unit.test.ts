import { describe, expect, it } from 'vitest';
import { checkChosenFile, declaredTypeOf, MAX_MEGABYTES, problemMessage } from './upload-image';

const MB = 1024 * 1024;

describe('checking a chosen image before it is sent', () => {
  it('accepts JPEG, PNG and WebP by the browser’s type or, without one, by the extension', () => {
    expect(declaredTypeOf({ name: 'a.jpg', type: 'image/jpeg' })).toBe('image/jpeg');
    expect(declaredTypeOf({ name: 'A.JPEG', type: '' })).toBe('image/jpeg');
    expect(declaredTypeOf({ name: 'b.webp', type: 'application/octet-stream' })).toBe('image/webp');
    expect(declaredTypeOf({ name: 'c.png', type: 'IMAGE/PNG' })).toBe('image/png');
    expect(declaredTypeOf({ name: 'd.gif', type: 'image/gif' })).toBeNull();
    expect(declaredTypeOf({ name: 'e.png', type: 'text/plain' })).toBeNull();
    expect(declaredTypeOf({ name: 'f.svg', type: '' })).toBeNull();
    expect(declaredTypeOf({ name: 'noextension', type: '' })).toBeNull();
  });

  it('says what is wrong: not an image, empty, or over the API’s 10 MB', () => {
    expect(MAX_MEGABYTES).toBe(10);
    expect(checkChosenFile({ name: 'foto.jpg', size: 2 * MB, type: 'image/jpeg' })).toBeNull();
    expect(checkChosenFile({ name: 'foto.jpg', size: 10 * MB, type: 'image/jpeg' })).toBeNull();
    expect(checkChosenFile({ name: 'video.jpg', size: 20 * MB, type: 'image/jpeg' })).toBe('images.upload.too_large');
    expect(checkChosenFile({ name: 'prazdny.png', size: 0, type: 'image/png' })).toBe('images.upload.empty');
    expect(checkChosenFile({ name: 'navod.pdf', size: 1000, type: 'application/pdf' })).toBe('images.upload.wrong_type');
  });

  it('shows the server’s own message for the field, else the title', () => {
    expect(problemMessage({ title: 'Neplatný požadavek', messages: { file: ['Soubor není obrázek.'] } })).toBe(
      'Soubor není obrázek.',
    );
    expect(problemMessage({ title: 'Neplatný požadavek', messages: { name: ['Povinné pole'] } })).toBe('Povinné pole');
    expect(problemMessage({ title: 'Obrázek je příliš velký.' })).toBe('Obrázek je příliš velký.');
    expect(problemMessage({})).toBeNull();
  });
});
