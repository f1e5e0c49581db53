/** Paths a signed-out user reaches by link; they show even while someone is signed in. */
export const PUBLIC_ONLY_PATHS = ['/forgot-password-request', '/change-forgotten-password', '/verification'];
