// Errors that carry the HTTP status and the message meant for the person using the app: thrown by
// services and routes alike, turned into the JSON answer by http/error-answer.ts.
import { API_MSG } from '@shared/messages-api';
/** An error with an HTTP status and a message meant for the person using the app. */
export class HttpError extends Error {
  constructor(
    public status: number,
    message: string,
    public extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new HttpError(400, message, extra);
export const unauthorized = (message: string = API_MSG.unauthorized) => new HttpError(401, message);
export const forbidden = (message: string = API_MSG.forbidden) => new HttpError(403, message);
export const notFound = (message: string = API_MSG.notFound) => new HttpError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) => new HttpError(409, message, extra);
