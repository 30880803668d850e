import { deflateSync, crc32 } from 'node:zlib';

/**
 * Images for the media tests, made without an image library (the API
 * package has none): two small files as sharp wrote them, a PNG encoder for
 * pictures of any size, and a reader of the dimensions in a file's header.
 */

/** A 240 × 160 JPEG stored sideways, with EXIF orientation 6 ("turn 90° clockwise") and an Artist tag: upright it is 160 × 240. */
export const SIDEWAYS_JPEG = Buffer.from(
  '/9j/4QDURXhpZgAASUkqAAgAAAAHABIBAwABAAAABgAAABoBBQABAAAAYgAAABsBBQABAAAAagAAACgBAwABAAAAAgAAADsBAgAM' +
    'AAAAcgAAABMCAwABAAAAAQAAAGmHBAABAAAAfgAAAAAAAABIAAAAAQAAAEgAAAABAAAAU2tsYWQgUHJhaGEABgAAkAcABAAAADAy' +
    'MTABkQcABAAAAAECAwAAoAcABAAAADAxMDABoAMAAQAAAP//AAACoAQAAQAAAPAAAAADoAQAAQAAAKAAAAAAAAAA/+IB8ElDQ19Q' +
    'Uk9GSUxFAAEBAAAB4GxjbXMEIAAAbW50clJHQiBYWVogB+IAAwAUAAkADgAdYWNzcE1TRlQAAAAAc2F3c2N0cmwAAAAAAAAAAAAA' +
    'AAAAAPbWAAEAAAAA0y1oYW5keem/Vlo+AbaDI4VVRvdPqgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAKZGVzYwAAAPwA' +
    'AAAkY3BydAAAASAAAAAid3RwdAAAAUQAAAAUY2hhZAAAAVgAAAAsclhZWgAAAYQAAAAUZ1hZWgAAAZgAAAAUYlhZWgAAAawAAAAU' +
    'clRSQwAAAcAAAAAgZ1RSQwAAAcAAAAAgYlRSQwAAAcAAAAAgbWx1YwAAAAAAAAABAAAADGVuVVMAAAAIAAAAHABzAFIARwBCbWx1' +
    'YwAAAAAAAAABAAAADGVuVVMAAAAGAAAAHABDAEMAMAAAWFlaIAAAAAAAAPbWAAEAAAAA0y1zZjMyAAAAAAABDD8AAAXd///zJgAA' +
    'B5AAAP2S///7of///aIAAAPcAADAcVhZWiAAAAAAAABvoAAAOPIAAAOPWFlaIAAAAAAAAGKWAAC3iQAAGNpYWVogAAAAAAAAJKAA' +
    'AA+FAAC2xHBhcmEAAAAAAAMAAAACZmkAAPKnAAANWQAAE9AAAApb/9sAQwANCQoLCggNCwoLDg4NDxMgFRMSEhMnHB4XIC4pMTAu' +
    'KS0sMzpKPjM2RjcsLUBXQUZMTlJTUjI+WmFaUGBKUVJP/9sAQwEODg4TERMmFRUmTzUtNU9PT09PT09PT09PT09PT09PT09PT09P' +
    'T09PT09PT09PT09PT09PT09PT09PT09PT09P/8AAEQgAoADwAwEiAAIRAQMRAf/EABkAAQEBAQEBAAAAAAAAAAAAAAIBAAYFBP/E' +
    'ACgQAQEAAQMCBAYDAAAAAAAAAAEAAgMEBREhEkFRgRMiIzFhcTOh4f/EABsBAQEAAwEBAQAAAAAAAAAAAAIDAAQGBQEH/8QAKBEB' +
    'AQACAgACCgMAAAAAAAAAAQACAwQREjEFBhMhIkGh0eHxUZGx/9oADAMBAAIRAxEAPwAEiJItdudJEiJIg1CpIiSIMyRIiSINQkSI' +
    'kiDMkVKFSDUJEiJIgzJEiJIg1CRUoVIMyRIiSINQkSIkiDUJEiJIgzKkiJIg1CRIiSIMyRIiSINQuJJESRdU3GkiREkQahUkRJEG' +
    'ZIkRJEGoSJESRBmSKlCpBqEiREkQZkiREkQahIqUKkGZIkRJEGoSJESRBqEiREkQZlSREkQahIkRJEGZIkRJEGoXEkiJIuqbjSRI' +
    'iSINQqSIkiDMkSIl8W75TR264YfUzPIex7x6Xytrj8fbvy8Gs7b0SRcvrcnu9V/k8B6Ydr5cs883rlnll+3rL2K+be9q9XtqfHmH' +
    '1+12hUuKx1M8Hrhnli/h6X2aHK7zRT6vjPTPv/t8y478mWz0BsxPgzH6fe6skXl7HmNDcphqfS1HyXs+96ha2WLi9N5O3Rs0ZeHY' +
    'dMiREkUmJIqUKkGZIkRJEGoSJESRBqEiREkQZlSREkQahIkRJEGZIkRJEGoXEkiJIuqbjSRIiSINQqSIl8fKbl0Nv4MHpnqdv0R6' +
    '7era42jLkbcdWHm3zclyLkuht8umJ2yyPP8ABeVa1cAPdfofE4mvi6zXrPza1rX22bWtayy17fD8q45Y7bdZdcXthm+X4bxLQzwM' +
    'zptfk8bDkYeDM/F3pIvK4Leu62vw9R66ml2X1PJvVLzM8XF6bi92nLTsdeXmSKlCpSYkiREkQahIkRJEGoSJESRBmVJESRBqEiRE' +
    'kQZkiREkQahcSSIki6puNJEiJIg1CpeByWr8Xe5+mHynte+XL55eLPLJ81b7ge+6b1b1GW3PY/I6/v8AUbWtVuwta1rLLWtayy1r' +
    'Wssvv4XXdDktLv8ALqfI+/2/vpdgXB6WXg1cMz745Dd4Wjyz3jc16b1hsxz/AJP8/cipQqWk3jEiREkQahIkRJEGoSJESRBmVJES' +
    'RBqEiREkQZkiREkQahcSSIki6puNJEiJIg1Cpcvnj4c8sXyUuoLwOS0vhb3P0z+Y977g++6b1b2mO3PW/M7/AK/d8lrWq3YWta1l' +
    'lrWtZZa1rWWT0sfHq4YH3yyC7wuP4XQdfktPt8un877fb++l2BaPLfeFzXpvYOzHD+D/AH9SKlCpaTeMSJESRBqEiREkQahIkRJE' +
    'GZUkRJEGoSJESRBmSJESRBqFxJIiSLqm40kSIkiDUKl8fKbV19v48Drnp9z8l9hIj3092zxt+XH247cPMuTteryXHIuvt8euL3yx' +
    'PL8l5VcRL9E4nL18rWbNb+LWta+2za1rWWWta9vh+JcssdzusemJ3wwfP8sM8zA7bX5PJw4+HjzfzffwWydrtfiah01NXunoeReq' +
    'RJF5meTk9txe7dlu2OzLzZFShUpMSRIiSINQkSIkiDUJEiJIgzKkiJIg1CRIiSIMyRIiSINQuJJESRdU3GkiREkQahUkRJEGZIvi' +
    '3fF6O4XPD6eb5h2fa+0kR7Tytrj8jboy8et6bm9bjN3pP8fjPXDvfLlhng9MsMsf2dLsCRL2yeZe9q9YNofHgP0+9xuOnnm9MMMs' +
    'v0db7NDit5rJ9LwHrn2/26gqXzLkPyJbPT+zI+DAPr9r4Njw+htkz1Pq6h5p2P0XpkSRa2WTk9t5O3fs35eLY9siREkUmJIqUKkG' +
    'ZIkRJEGoSJESRBqEiREkQZlSREkQahIkRJEGZIkRJEGoXEkiJIuqbjSRIiSINQqSIkiDMkSIkiDUJEiJIgzJFShUg1CRIiSIMyRI' +
    'iSINQkVKFSDMkSIkiDUJEiJIg1CRIiSIMypIiSINQkSIkiDMkSIkiDULiSREkXVNxpIkRJEGoVJESRBmSJESRBqEiREkQZkipQqQ' +
    'ahIkRJEGZIkRJEGoSKlCpBmSJESRBqEiREkQahIkRJEGZUkRJEGoSJESRBmSJESRBqF//9k=',
  'base64',
);

/** A 300 × 300 lossy WebP. */
export const SQUARE_WEBP = Buffer.from(
  'UklGRtQFAABXRUJQVlA4IMgFAADwMwCdASosASwBPtFoqlIoJqOio3gIGQAaCWVu4XJWcJBWgGCAH3ffPC2H9zkfMA/Tvpf+Yf9e' +
    '/WH/uXUAf2P/gdZF6Cn7Aemz7Jv7pejdqp/+rCcamcjdXzLYKourNh2mqXVT5h55ZQnP7QKPErD16IOnOJWGy+uq6qaHQtzqIHsv' +
    'p9OR1iFmNDoD0zn06XOWpzZ8qYhTP/ePAOQQIz2XVxrqpodAehv5rw1Vm3Pw6oEq8ue4kqVgBXpI12E6FXYToHYmAmm3RX2vjJpX' +
    '1sveHQB50qYS5pfBLLp6ATIi9gvSn3pXSlPcUVFBcyiYRhYt5TVKIvkgpVz1yO5Jsy2jcmLh++SQmk0rI7kmzNSSLyZYdkBAXS0o' +
    'mZ69DYS5lDg5MwfexzRi4fW13ftnoQgey6uNOAZHImpC4jbHm9JyVww40x4sX1ANrS9RvyjX9P8I9/UlucgoaSflOEfCr4nHrsJ3' +
    '378fRxvobKezf6uDa6FzYhA9eL4IKi6fyhO/hOsJxM4dl1cAsaKuwnffvr3eYQ2I1iHZfWKwkVDsJz/XQuaVquqmhq5gAP7pqbkC' +
    '7HA//i0PK13rWEM7gDmRlqP6DbFUhhCvKEVAe3dUOJtq1rjwy9xF/ttYsWjWh2R8w7wj6fE21maYnW/1XVU6gilEBMrcShW1tuzW' +
    'NhejxF+e/wxQWE6x20z8wxrA3Fc/4rZd+bG3ICQO9ye+cpUnJ34yJJLl5e9G5dET9hG1YwYY0K9QSmBAapHza/AiIGbT6aDyR0Vd' +
    '8upNjtumJ1gZIjNyjDOchVevg+em2f1UYt7Vg36KOaP2s21zcj/DOtWeYJcmELgkeEX7aAQN7WOl0+0k31HoVKM2Aq90gQ+tcEcT' +
    'pvoM5M4+XfE7lvOQG7yHb3roEmr/Egk/aOPn/8e/baPZtb/MZFBt/FupDhCqxuWjtObkIhZFc1SDCnigA1jMIVbF4olLe7rvIe+6' +
    'iSZ6VoTnVEuLKlmXwgpgG/45AweAgbyqFAthhbQ+0V60I5zCQI7eGPTsZ+6AcXOoO7F7V42htGXYAk0/O1E7HiekHLdwIo9fbfTz' +
    '/8YdnAbrW7oEYX4pRc74N1/iVjV2jGuVjrpLq4clGbegrACDC92PVNSqxfg5T6ic3NeeGB3e5BXVHeUAI6WDavndz5KvB0/FFJOQ' +
    '+8fK6nr9WvX7rTRVUiWLVMxLkV1st6/BafyGISiSeETC3gJQm+bCgBjV6b+Sg6HtsACoUMtj8Wijghlqmo+nZfrx3sTrs/TvC9G7' +
    'V8kzFAaRJtH4nksiT6ds9snRJDVMMAPOhj4Zhx8+T53f8OSO6PAE/DheKrjYBeQgveMorcbQqBbm6Kw+aBFrWjGz0AArLdmn0byO' +
    'HszbkBeh6RV2PJclvcH4YzWPGzmvIUReDMP/Fo4a5qbelI7SHC/7LgwXaCqWr/KwUnmKXRgAdd6bXaUXo/DyKjcYMqGm6tUWUnz5' +
    'Pn+uNJwsD7s+qOvn/YGLw2PRdfbJl81CBleWF946QvjABy9LcW7w5hQRBBoU8YAMcIDc4MxB+iAYC3eh3xCI/ni9CZ03pHpjfZ+Z' +
    'LxJJ9/4uEKTynXPDJDlUmr7/asZ7s6tbQrjtcFjhcro7JcqLbY15Gb+vVK7DvLN/L+l9w6Pkrx3Dxa43crWjmN3ifsfvqV/F0O1g' +
    'BX5VnP2V0XACRpsEBA1AtOYyNsEV1o0da4UtesjMBXO/5+Zna52eFSZTv2CLvjxrNF1ULFnVqNPQrVFKJ0qcKh4wASm0f8Z3ygEP' +
    'CF71MYU8sEz2LLgQt+BsojkZqLFVUh0Tj1b+e4e9Pg4cTpKN4PnYHDGvh4BLB/g/Ad2qAbsaDq0F7YduiPzvxD5v0l1PLxyMnk1Y' +
    '8FKWfdOHVJ0u7xXlVjW3Vx7YA02brEW4VyvIebSnCFZytnPx/OqsOhE+7k5uxlbdy1WY7xKixOyeJO+Ldqe2uyRXVJRtspITjgAA',
  'base64',
);

/** A deterministic generator of bytes (xorshift), so a "photo" of noise is the same on every run. */
function noise(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) & 0xff;
  };
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * An RGB PNG of noise: it does not compress, so its size is about
 * width × height × 3 bytes (a 1200 × 1000 picture is 3.6 MB, more than one
 * chunk of the blob store).
 */
export function noisePng(width: number, height: number, seed = 7): Buffer {
  const next = noise(seed);
  const rows = Buffer.alloc((1 + width * 3) * height);
  for (let y = 0, at = 0; y < height; y++) {
    rows[at++] = 0;
    for (let x = 0; x < width * 3; x++) rows[at++] = next();
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface HeaderFacts {
  readonly format: 'png' | 'jpeg' | 'webp';
  readonly width: number;
  readonly height: number;
}

/** The format and dimensions a PNG, JPEG or WebP file states in its header. */
export function headerOf(bytes: Buffer): HeaderFacts {
  if (bytes.subarray(1, 4).toString('latin1') === 'PNG')
    return { format: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    const kind = bytes.subarray(12, 16).toString('latin1');
    if (kind === 'VP8X') return { format: 'webp', width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
    if (kind === 'VP8L') {
      const bits = bytes.readUInt32LE(21);
      return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    return { format: 'webp', width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    for (let at = 2; at < bytes.length;) {
      const marker = bytes[at + 1]!;
      const length = bytes.readUInt16BE(at + 2);
      // SOF0…SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame's dimensions.
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
        return { format: 'jpeg', width: bytes.readUInt16BE(at + 7), height: bytes.readUInt16BE(at + 5) };
      at += 2 + length;
    }
  }
  throw new Error('Not a PNG, JPEG or WebP header');
}

/** Whether a JPEG carries an EXIF block (an APP1 segment starting "Exif"). */
export function hasExif(jpeg: Buffer): boolean {
  for (let at = 2; at + 4 < jpeg.length && jpeg[at] === 0xff;) {
    const marker = jpeg[at + 1]!;
    if (marker === 0xda) return false;
    const length = jpeg.readUInt16BE(at + 2);
    if (marker === 0xe1 && jpeg.subarray(at + 4, at + 8).toString('latin1') === 'Exif') return true;
    at += 2 + length;
  }
  return false;
}
