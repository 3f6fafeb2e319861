import type { FastifyRequest } from 'fastify';
import type { SessionClient } from '../../sessions/sessions.repository.js';

/** The client of a request that opens a session: its user agent and address (trusted-proxy aware). */
export function sessionClientOf(request: FastifyRequest): SessionClient {
  const userAgent = request.headers['user-agent'];
  return { userAgent: typeof userAgent === 'string' && userAgent ? userAgent : null, ip: request.ip || null };
}
