import { describe, expect, it } from 'vitest';
import type { MemberDataSection } from '../../db/member-data.js';
import { createMemberDataRegistry } from './member-data.js';

const section = (name: string, tables: string[]): MemberDataSection => ({
  name,
  tables,
  export: async () => null,
  erase: async () => undefined,
});

describe('member-data registry', () => {
  it('keeps the sections in definition order and the account last', () => {
    const registry = createMemberDataRegistry();
    registry.define(section('community', ['community_posts']));
    registry.define(section('mail', ['mail_outbox']));
    expect(registry.sections().map((s) => s.name)).toEqual(['community', 'mail', 'profile']);
    expect(registry.sections().at(-1)?.tables).toEqual(['users']);
  });

  it('refuses a section name defined twice, the account included', () => {
    const registry = createMemberDataRegistry();
    registry.define(section('mail', ['mail_outbox']));
    expect(() => registry.define(section('mail', ['mail_cooldowns']))).toThrow(/'mail' is defined twice/);
    expect(() => registry.define(section('profile', ['profiles']))).toThrow(/'profile' is defined twice/);
  });
});
