import type { Kysely } from 'kysely';

// Placeholder: filled in by the feature that owns these tables.
export async function up(_db: Kysely<any>): Promise<void> {}

export async function down(_db: Kysely<any>): Promise<void> {}
