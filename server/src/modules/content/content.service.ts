import {
  ContentMessages,
  OPERATOR_CONTENT_KINDS,
  OPERATOR_CONTENT_SCHEMAS,
  type OperatorContentKind,
  type OperatorContentValues,
  publishedLandingContent,
  type TAdminContent,
  type TLandingContent,
  type TSuccessLinksContent,
} from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.repository.js';
import type { AuditActor, AuditEntry } from '../audit/audit-actor.js';
import { type ContentRow, insertContentVersion, latestContent } from './content.repository.js';

/** What this module reads of the server's context. */
type ServiceContext = Pick<ServerContext, 'db' | 'logger' | 'now'>;

const UNIQUE_VIOLATION = '23505';

/** A stored body read back through its kind's schema (a row that no longer parses is treated as unsaved). */
export function storedValue<K extends OperatorContentKind>(
  ctx: { logger: { error(details: object, message: string): void } },
  row: ContentRow | undefined,
  kind: K,
) {
  if (!row) return null;
  const body = typeof row.body === 'string' ? JSON.parse(row.body) : row.body;
  const parsed = OPERATOR_CONTENT_SCHEMAS[kind].safeParse(body);
  if (!parsed.success) {
    ctx.logger.error({ kind, version: row.version }, 'stored operator content no longer passes its schema');
    return null;
  }
  return parsed.data as OperatorContentValues[K];
}

/** What the landing page shows the public of the saved reviews and offer text (publishedLandingContent). */
export async function landingContent(ctx: ServiceContext): Promise<TLandingContent> {
  const rows = await latestContent(ctx.db, ['reviews', 'offer']);
  const reviews = storedValue(
    ctx,
    rows.find((r) => r.kind === 'reviews'),
    'reviews',
  );
  const offer = storedValue(
    ctx,
    rows.find((r) => r.kind === 'offer'),
    'offer',
  );
  return publishedLandingContent({ reviews, offer });
}

/** The success page's contacts and links an operator saved, or null (configuration stands). */
export async function savedSuccessLinks(ctx: ServiceContext): Promise<TSuccessLinksContent | null> {
  const [row] = await latestContent(ctx.db, ['successLinks']);
  return storedValue(ctx, row, 'successLinks');
}

export async function adminContent(ctx: ServiceContext, db: Db = ctx.db): Promise<TAdminContent> {
  const rows = await latestContent(db);
  const entry = <K extends OperatorContentKind>(kind: K) => {
    const row = rows.find((r) => r.kind === kind);
    return {
      value: storedValue(ctx, row, kind),
      version: row?.version ?? 0,
      savedAt: row ? new Date(row.saved_at).toISOString() : null,
      savedBy: row?.saved_by_email ?? null,
    };
  };
  return { reviews: entry('reviews'), offer: entry('offer'), successLinks: entry('successLinks') };
}

/** How a save is written in the audit log (the business settings are "settings", the rest "content"). */
const AUDIT_AS: Record<OperatorContentKind, Pick<AuditEntry, 'action' | 'targetType'>> = {
  reviews: { action: 'content.update', targetType: 'content' },
  offer: { action: 'content.update', targetType: 'content' },
  successLinks: { action: 'content.update', targetType: 'content' },
  business: { action: 'settings.update', targetType: 'settings' },
};

/**
 * Saves a new version of one kind and its audit row (before: the version it replaces, or null when
 * the samples or configuration stood) in one transaction; answers what `answer` reads in it.
 */
export async function saveContent<K extends OperatorContentKind, T = TAdminContent>(
  ctx: ServiceContext,
  kind: K,
  value: OperatorContentValues[K],
  actor: AuditActor,
  answer: (db: Db) => Promise<T> = (db) => adminContent(ctx, db) as Promise<T>,
): Promise<T> {
  if (!OPERATOR_CONTENT_KINDS.includes(kind)) throw AppError.notFound();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const [current] = await latestContent(trx, [kind]);
      const version = (current?.version ?? 0) + 1;
      await insertContentVersion(trx, {
        kind,
        version,
        body: value,
        savedBy: actor.id,
        savedByEmail: actor.email,
        now: ctx.now(),
      });
      await recordAudit(trx, {
        actor,
        ...AUDIT_AS[kind],
        targetId: kind,
        targetLabel: `${kind} v${version}`,
        before: current ? storedValue(ctx, current, kind) : null,
        after: value,
      });
      return answer(trx);
    });
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw AppError.conflict(ContentMessages.savedElsewhere);
    throw error;
  }
}
