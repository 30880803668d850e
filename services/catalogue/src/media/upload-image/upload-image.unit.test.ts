import { describe, expect, it } from 'vitest';
import { IllegalState, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { imageDecider } from '../decider';
import type { ImageEvent, ImageUploadedData } from '../events';
import { checkFileName, FILE_NAME_INVALID, IMAGE_EXISTS, type UploadImage } from './decide';

const { given } = deciderSpec(imageDecider);

const ID = '5f0c7a1e-3b1d-4c55-9a8e-2d6f1b7c9e01';
const hash = (n: number) => n.toString(16).padStart(64, '0');

const data = (overrides: Partial<ImageUploadedData> = {}): ImageUploadedData => ({
  imageId: ID,
  fileName: 'iphone-15-black.jpg',
  mediaType: 'image/jpeg',
  width: 3000,
  height: 4000,
  sizes: [
    { name: 'thumb', width: 120, height: 160, bytes: 4_100, hash: hash(1) },
    { name: 'card', width: 300, height: 400, bytes: 18_300, hash: hash(2) },
    { name: 'detail', width: 750, height: 1000, bytes: 71_000, hash: hash(3) },
  ],
  original: { mediaType: 'image/jpeg', width: 3000, height: 4000, bytes: 2_400_000, hash: hash(4) },
  sourceHash: hash(5),
  source: 'upload',
  at: '2026-11-24T10:00:00.000Z',
  ...overrides,
});

const upload = (overrides: Partial<ImageUploadedData> = {}): UploadImage => ({ type: 'UploadImage', ...data(overrides) });
const uploaded = (overrides: Partial<ImageUploadedData> = {}): ImageEvent => ({ type: 'ImageUploaded', data: data(overrides) });

describe('an image stream', () => {
  it('records an upload whose bytes are stored, with every size and hash', () => {
    given().when(upload()).then(uploaded());
  });

  it('records the file name trimmed', () => {
    given()
      .when(upload({ fileName: '  Zadní strana – černá.png ' }))
      .then(uploaded({ fileName: 'Zadní strana – černá.png' }));
  });

  it('a repeat of the same bytes (the same Idempotency-Key sent again) changes nothing', () => {
    given(uploaded())
      .when(upload({ at: '2026-11-24T10:05:00.000Z' }))
      .then();
  });

  it('refuses other bytes under an existing id: an image never changes its bytes', () => {
    given(uploaded())
      .when(upload({ sourceHash: hash(9) }))
      .thenThrows(IllegalState, IMAGE_EXISTS);
  });

  it('refuses a file name that is empty, a path, too long or has invisible characters', () => {
    for (const fileName of ['   ', 'C:\\fakepath\\photo.jpg', '../photo.jpg', `${'a'.repeat(201)}.jpg`, 'photo\u202Egpj.exe'])
      given().when(upload({ fileName })).thenThrows(ValidationError, 'validation.failed');
  });

  it('treats a processing result without every size as our bug, not as a refusal to show', () => {
    expect(() => imageDecider.decide(upload({ sizes: data().sizes.slice(0, 2) }), imageDecider.initialState())).toThrow(
      /names the sizes thumb, card/,
    );
    expect(() =>
      imageDecider.decide(upload({ original: { ...data().original, mediaType: 'image/png' } }), imageDecider.initialState()),
    ).toThrow(/media type/);
  });
});

describe('file names', () => {
  it('says which rule a name breaks', () => {
    expect(checkFileName('foto.jpg')).toEqual([]);
    expect(checkFileName('Fotografie telefonu (zadní strana).webp')).toEqual([]);
    expect(checkFileName('')).toEqual(['validation.required']);
    expect(checkFileName('a'.repeat(201))).toEqual(['validation.max_length']);
    expect(checkFileName('sklad/foto.jpg')).toEqual([FILE_NAME_INVALID]);
    expect(checkFileName('..')).toEqual([FILE_NAME_INVALID]);
    expect(checkFileName('foto\u0000.jpg')).toEqual(['validation.text_characters_invalid']);
  });

  it('folds an image stream into the image it holds', () => {
    const state = [uploaded()].reduce(imageDecider.evolve, imageDecider.initialState());
    expect(state.uploaded).toEqual(data());
  });
});
