import { describe, expect, it } from 'vitest';
import { isReadOnlyStatement } from './database.js';

// Statements as Kysely compiles them (and as the raw sql of the repositories writes them).
describe('isReadOnlyStatement: what may reach the embedded database while the disk is full', () => {
  it.each([
    'select "id" from "signals" where "slot_at" > $1',
    '  SELECT count(*) FROM users',
    '(select 1) union (select 2)',
    '/* why */ select 1',
    'with recent as (select * from signals) select * from recent',
    'begin',
    'start transaction isolation level serializable',
    'commit',
    'rollback',
    'select "updated_at", "deleted_at" from "users"',
  ])('reads: %s', (sql) => expect(isReadOnlyStatement(sql)).toBe(true));

  it.each([
    'insert into "signals" ("id") values ($1)',
    'update "users" set "tier" = $1',
    'delete from "sessions" where "expires_at" < now()',
    'with moved as (delete from queue returning *) select * from moved',
    'select * from "record_chain" order by "seq" desc limit 1 for update',
    'select * from users for no key update',
    'select * from users for share',
    "select nextval('ticket_numbers')",
    'create table t (id int)',
    'alter table users add column x int',
    'truncate sessions',
    'vacuum',
    'copy users to stdout',
  ])('writes: %s', (sql) => expect(isReadOnlyStatement(sql)).toBe(false));
});
