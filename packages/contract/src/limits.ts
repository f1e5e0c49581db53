// Plain values only: the web app's start-up code imports these without zod (web.ts).

/**
 * Spec §5: at least 8 characters with a lowercase letter, an uppercase letter and a digit.
 * `s`: any character counts, line breaks too; `u`: characters are code points, as the browser's
 * `pattern` attribute counts them (an emoji is one character, not two).
 */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/su;
export const PASSWORD_HINT =
  'Heslo musí obsahovať minimálne 8 znakov, z toho aspoň jedno veľké písmeno a číslicu';
/** argon2 hashes whatever it is given; a cap keeps a megabyte "password" from costing CPU. */
export const PASSWORD_MAX_LENGTH = 256;

export const isStrongPassword = (value: string): boolean =>
  value.length <= PASSWORD_MAX_LENGTH && PASSWORD_PATTERN.test(value);

export const EXPORT_PAGE_SIZE = 10;
/** Exports and their files are deleted this long after they were requested. */
export const EXPORT_RETENTION_DAYS = 7;
/** The web app cuts longer messages with '...' and shows the whole text in a modal. */
export const EXPORT_MESSAGE_CUT = 50;

/** Page sizes the gallery screen asks for (spec §7). */
export const GALLERY_FOLDER_PAGE_SIZE = 15;
export const GALLERY_MEDIA_PAGE_SIZE = 8;

export const NOTIFICATION_PAGE_SIZE = 10;

/** The size of one chunk the client sends, and the most the server takes in one request. */
export const UPLOAD_CHUNK_BYTES = 1024 * 1024;
