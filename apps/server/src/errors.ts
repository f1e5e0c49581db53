/** The one error type of the server: a status, a stable machine code and a Slovak message. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: { field: string; message: string }[],
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(code: string, message: string, details?: { field: string; message: string }[]) {
    return new AppError(400, code, message, details);
  }
  static unauthorized(message = 'Nie ste prihlásený') {
    return new AppError(401, 'UNAUTHORIZED', message);
  }
  static forbidden(message = 'Na túto akciu nemáte oprávnenie') {
    return new AppError(403, 'FORBIDDEN', message);
  }
  static notFound(message = 'Záznam sa nenašiel') {
    return new AppError(404, 'NOT_FOUND', message);
  }
  static conflict(code: string, message: string) {
    return new AppError(409, code, message);
  }
}
