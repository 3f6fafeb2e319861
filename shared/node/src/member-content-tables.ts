import type { ColumnType, Generated } from 'kysely';

type Json<T> = ColumnType<T, string, string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A course of the Master Vault (operator content; `sample` marks what ships with the product). */
export interface VaultCoursesTable {
  id: Generated<string>;
  position: number;
  title: string;
  category: 'fundamentals' | 'psychology' | 'risk-management' | 'analysis' | 'live-sessions';
  instructor: string;
  description: string;
  level: 'Beginner' | 'Intermediate' | 'Advanced' | 'All Levels';
  topics: Json<string[]>;
  featured: Generated<boolean>;
  sample: Generated<boolean>;
  created_at: Generated<Date>;
  /** When members started to see it; null while it is a draft. */
  published_at: Date | null;
}

/** A lesson; `body` is Markdown (rendered without raw HTML). */
export interface VaultLessonsTable {
  id: Generated<string>;
  course_id: string;
  position: number;
  title: string;
  duration_minutes: number;
  body: string;
}

export interface VaultSessionsTable {
  id: Generated<string>;
  title: string;
  host: string;
  description: string;
  starts_at: Timestamp;
  duration_minutes: number;
  sample: Generated<boolean>;
}

export interface VaultResourcesTable {
  id: Generated<string>;
  position: number;
  title: string;
  file_name: string;
  content_type: string;
  content: Uint8Array;
  sample: Generated<boolean>;
}

export interface LessonCompletionsTable {
  user_id: string;
  lesson_id: string;
  completed_at: Timestamp;
}

/** A member's e-mail reminder of a session: due at `remind_at`, `sent_at` once mailed. */
export interface SessionRemindersTable {
  user_id: string;
  session_id: string;
  remind_at: Timestamp;
  sent_at: Timestamp | null;
  created_at: Generated<Date>;
}

/** A post of the Elite Network (plain text). Hidden posts stay for admins; deleted ones are gone. */
export interface CommunityPostsTable {
  id: Generated<string>;
  user_id: string;
  author_name: string;
  body: string;
  created_at: Timestamp;
  hidden_at: Timestamp | null;
  hidden_by: string | null;
  /** The post this one answers (its author is told); null for a post of its own or once that post is gone. */
  reply_to_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface CommunityLikesTable {
  post_id: string;
  user_id: string;
  created_at: Timestamp;
}

export interface CommunityReportsTable {
  id: Generated<string>;
  post_id: string;
  user_id: string;
  reason: string;
  created_at: Generated<Date>;
}

/** A member's wish to hear when a feature in development launches. */
export interface LaunchNoticesTable {
  user_id: string;
  feature: 'copy-trading';
  created_at: Generated<Date>;
}

export interface MemberContentTables {
  vault_courses: VaultCoursesTable;
  vault_lessons: VaultLessonsTable;
  vault_sessions: VaultSessionsTable;
  vault_resources: VaultResourcesTable;
  lesson_completions: LessonCompletionsTable;
  session_reminders: SessionRemindersTable;
  community_posts: CommunityPostsTable;
  community_likes: CommunityLikesTable;
  community_reports: CommunityReportsTable;
  launch_notices: LaunchNoticesTable;
}
