/**
 * Who may talk to the server: only a page on 127.0.0.1/localhost at our port (Host checked, against DNS
 * rebinding), carrying the random token from the printed URL (header for API calls, cookie for page loads).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { HTTP_ROUTES } from '../../shared/contract.js';

export function newToken(): string {
  return randomBytes(32).toString('hex');
}

export function sameToken(given: string | null | undefined, token: string): boolean {
  if (typeof given !== 'string' || given.length !== token.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(token));
}

export function hostAllowed(req: IncomingMessage, port: number): boolean {
  const host = req.headers.host;
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

/** A cross-origin request (another site's page) carries an Origin we do not accept. Absent Origin is fine (same-origin GET). */
export function originAllowed(req: IncomingMessage, port: number): boolean {
  const origin = req.headers.origin;
  return origin === undefined || origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`;
}

export function cookieToken(req: IncomingMessage): string | null {
  const raw = req.headers.cookie;
  if (!raw) return null;
  for (const part of raw.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === HTTP_ROUTES.tokenCookie) return v.join('=');
  }
  return null;
}

export function headerToken(req: IncomingMessage): string | null {
  const v = req.headers[HTTP_ROUTES.tokenHeader];
  return typeof v === 'string' ? v : null;
}

export function tokenCookie(token: string): string {
  return `${HTTP_ROUTES.tokenCookie}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}
