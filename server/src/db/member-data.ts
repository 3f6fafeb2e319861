import type { Db } from './database.js';

/** The member whose data a section exports or erases: the account's id and its e-mail address. */
export interface MemberIdentity {
  id: string;
  email: string;
}

/** What erasing a section leaves to do after the transaction commits: stored files to delete. */
export interface ErasureResult {
  fileKeys?: string[];
}

/**
 * One part of what the product stores about a member, and how it leaves: the export ("Download Elite
 * Data") and the erasure (membership cancelled). `tables` names every table the section covers; a test
 * compares them with the database catalog, so a new member-owned table without a section fails it.
 * Each module defines the sections of its own tables (`<module>.member-data.ts`), as it defines its
 * task kinds; the users module holds the registry and runs the export and the erasure.
 */
export interface MemberDataSection {
  /** Key of the section in the export file. */
  name: string;
  tables: readonly string[];
  export(db: Db, member: MemberIdentity): Promise<unknown>;
  /** Runs inside the deletion's transaction; sections run in definition order, the account last. */
  erase(trx: Db, member: MemberIdentity): Promise<ErasureResult | undefined>;
}

/** The sections of member data this process knows, defined once at start by the modules. */
export interface MemberDataRegistry {
  /** Adds a module's section; a name defined twice is an error (two keys of one export file). */
  define(section: MemberDataSection): void;
  /** Every section in definition order, then the account itself. */
  sections(): readonly MemberDataSection[];
}
