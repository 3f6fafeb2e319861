import { type Kysely, sql } from 'kysely';

/**
 * Members' content: the Master Vault (courses, lessons, live sessions, resources; each member's lesson
 * completions and session reminders), the Elite Network (posts, likes, reports) and the Auto-Copy launch
 * notice. Rows a member owns go with the account (ON DELETE CASCADE, and the member-data registry).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('vault_courses')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) =>
      c
        .notNull()
        .check(sql`category in ('fundamentals', 'psychology', 'risk-management', 'analysis', 'live-sessions')`),
    )
    .addColumn('instructor', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) =>
      c.notNull().check(sql`level in ('Beginner', 'Intermediate', 'Advanced', 'All Levels')`),
    )
    .addColumn('rating', 'numeric(2, 1)')
    .addColumn('topics', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('featured', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sample', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('vault_lessons')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('course_id', 'uuid', (c) => c.notNull().references('vault_courses.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addUniqueConstraint('vault_lessons_course_position_key', ['course_id', 'position'])
    .execute();

  await db.schema
    .createTable('vault_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull())
    .addColumn('sample', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('vault_sessions_starts_idx').on('vault_sessions').column('starts_at').execute();

  await db.schema
    .createTable('vault_resources')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addColumn('sample', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('lesson_completions')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lesson_id', 'uuid', (c) => c.notNull().references('vault_lessons.id').onDelete('cascade'))
    .addColumn('completed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('lesson_completions_pkey', ['user_id', 'lesson_id'])
    .execute();

  await db.schema
    .createTable('session_reminders')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'uuid', (c) => c.notNull().references('vault_sessions.id').onDelete('cascade'))
    .addColumn('remind_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('session_reminders_pkey', ['user_id', 'session_id'])
    .execute();
  await db.schema
    .createIndex('session_reminders_due_idx')
    .on('session_reminders')
    .columns(['sent_at', 'remind_at'])
    .execute();

  await db.schema
    .createTable('community_posts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('hidden_at', 'timestamptz')
    .addColumn('hidden_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('community_posts_feed_idx')
    .on('community_posts')
    .columns(['created_at desc', 'id desc'])
    .execute();
  await db.schema.createIndex('community_posts_user_idx').on('community_posts').column('user_id').execute();

  await db.schema
    .createTable('community_likes')
    .addColumn('post_id', 'uuid', (c) => c.notNull().references('community_posts.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('community_likes_pkey', ['post_id', 'user_id'])
    .execute();
  await db.schema.createIndex('community_likes_created_idx').on('community_likes').column('created_at').execute();

  await db.schema
    .createTable('community_reports')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('post_id', 'uuid', (c) => c.notNull().references('community_posts.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('community_reports_post_user_key', ['post_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('launch_notices')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('feature', 'text', (c) => c.notNull().check(sql`feature in ('copy-trading')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('launch_notices_pkey', ['user_id', 'feature'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'launch_notices',
    'community_reports',
    'community_likes',
    'community_posts',
    'session_reminders',
    'lesson_completions',
    'vault_resources',
    'vault_sessions',
    'vault_lessons',
    'vault_courses',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
