import type { AuditAction, AuditTargetType } from '@signalroom/shared';
import type { FastifyRequest } from 'fastify';
import { memberOf } from '../../http/route-groups.js';

/** Who made an admin change, and from where (the address as the trusted proxy reports it). */
export interface AuditActor {
  id: string;
  email: string;
  ip: string | null;
}

/** What one admin change is: written by recordAudit in the change's own transaction. */
export interface AuditEntry {
  actor: AuditActor;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string | null;
  /** How the target read when changed (a member's e-mail, a ticket's subject): the trail reads without joins. */
  targetLabel?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/** The admin making the request (a route in the admin group has its member set). */
export function auditActorOf(request: FastifyRequest): AuditActor {
  const admin = memberOf(request);
  return { id: admin.id, email: admin.email, ip: request.ip || null };
}
