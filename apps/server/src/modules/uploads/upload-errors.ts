import { UPLOAD_CHUNK_BYTES } from '@app/contract';
import { AppError } from '../../errors.ts';

const MiB = 1024 * 1024;
const size = (bytes: number) =>
  bytes >= 1024 * MiB
    ? `${(bytes / 1024 / MiB).toFixed(1).replace('.', ',')} GB`
    : `${Math.round(bytes / MiB)} MB`;

/** Every answer of the upload protocol a user may read, in Slovak. */
export const UPLOAD_MESSAGES = {
  uploaded: 'Súbor bol úspešne nahraný',
  deleted: 'Súbor bol odstránený',
  assigned: 'Váš záznam bol úspešne priradený k site-u.',
  duplicate: 'Tento súbor už bol k tomuto site-u priradený, nový záznam sa nevytvoril.',
};

export const uploadErrors = {
  chunkTooLarge: () =>
    new AppError(413, 'CHUNK_TOO_LARGE', `Časť súboru môže mať najviac ${UPLOAD_CHUNK_BYTES / MiB} MB`),
  fileTooLarge: (max: number) => new AppError(413, 'FILE_TOO_LARGE', `Súbor môže mať najviac ${size(max)}`),
  emptyChunk: () => AppError.badRequest('EMPTY_CHUNK', 'Časť súboru je prázdna'),
  header: (header: string, message: string) =>
    AppError.badRequest(
      'BAD_UPLOAD_HEADER',
      `Neplatná hodnota: hlavička „${header.toLowerCase()}“ – ${message}`,
      [{ field: header.toLowerCase(), message }],
    ),
  notOwner: () => new AppError(403, 'UPLOAD_NOT_OWNED', 'Toto nahrávanie patrí inému používateľovi'),
  unsupportedType: () =>
    new AppError(
      415,
      'UNSUPPORTED_FILE_TYPE',
      'Nepodporovaný typ súboru: nahrať možno fotografiu (JPEG, PNG, WebP, HEIC, GIF) alebo video (MP4, MOV, WebM)',
    ),
  corruptImage: () =>
    new AppError(
      422,
      'CORRUPT_MEDIA',
      'Fotografia je poškodená a nedá sa spracovať. Skúste ju nahrať znova.',
    ),
  imageTooLarge: () =>
    new AppError(422, 'IMAGE_TOO_LARGE', 'Fotografia má príliš veľa pixelov na spracovanie'),
  inconsistent: (message: string) => AppError.badRequest('INCONSISTENT_UPLOAD', message),
  fileNotFound: () => AppError.notFound('Nahraný súbor sa nenašiel'),
  fileNotOwned: () => new AppError(403, 'FILE_NOT_OWNED', 'Tento súbor nahral iný používateľ'),
  siteNotFound: () => AppError.notFound('Site sa nenašiel'),
  siteInactive: () =>
    AppError.badRequest('SITE_INACTIVE', 'Site je deaktivovaný, nemožno k nemu priradiť záznam', [
      { field: 'siteId', message: 'Site je deaktivovaný' },
    ]),
};
