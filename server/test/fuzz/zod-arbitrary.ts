import { DIAL_CODES } from '@signalroom/shared';
import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries generated from a zod v4 schema, walking its definition (`_zod.def`): objects,
 * strings with their length checks, enums, numbers with their bounds (coerced query numbers as text),
 * booleans, optionals, nullables, defaults and unions. Each node yields a well-formed value most of the
 * time and a hostile one otherwise: a wrong type, control and bidi characters, a huge string, a number
 * out of range, an array where an object belongs; objects also lose keys and gain unknown ones.
 */

interface Check {
  check: string;
  value?: number;
  inclusive?: boolean;
  maximum?: number;
  minimum?: number;
  format?: string;
}
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  entries?: Record<string, string>;
  options?: z.ZodType[];
  values?: unknown[];
  checks?: Array<{ _zod: { def: Check } }>;
  coerce?: boolean;
  catchall?: z.ZodType;
  in?: z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): Check[] => (def.checks ?? []).map((c) => c._zod.def);

/** Characters that broke or confused the API before: NUL, C0 and C1 controls, DEL, bidi, lone surrogates. */
const HOSTILE_CHARS = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009b',
  '\u202e',
  '\u2066',
  '\u200b',
  '\ufeff',
  '\ud800',
  '\udfff',
];

/** Any JSON value of the wrong kind. */
export const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -0),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.constant({ $ne: null }),
  fc.constant([[[[[]]]]]),
);

/** A string with hostile characters spliced into it. */
const hostileText = fc
  .tuple(fc.string({ maxLength: 12 }), fc.array(fc.constantFrom(...HOSTILE_CHARS), { minLength: 1, maxLength: 4 }))
  .map(([text, chars]) => {
    let out = text;
    for (const c of chars) {
      const at = out.length ? (c.charCodeAt(0) * 7) % (out.length + 1) : 0;
      out = out.slice(0, at) + c + out.slice(at);
    }
    return out;
  });

/** Strings of every length class, hostile characters and look-alikes included. */
function stringArbitrary(def: Def, hostile: boolean): fc.Arbitrary<unknown> {
  const checks = checksOf(def);
  const max = checks.find((c) => c.check === 'max_length')?.maximum ?? 200;
  const min = checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
  const fitting = fc.oneof(
    fc.string({ minLength: min, maxLength: Math.min(max, 40) }),
    fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 20) }),
    fc.constantFrom('', ' ', 'a@b.co', '０８０３', 'ａｄａ@example.com', '+234 803 555 1234', 'ABCDE12345'),
  );
  if (!hostile) return fitting;
  return fc.oneof(
    hostileText,
    fc.string({ minLength: max + 1, maxLength: max + 50 }),
    fc.nat({ max: 3 }).map((k) => 'x'.repeat([1000, 5000, 20_000, 70_000][k]!)),
    wrongType,
  );
}

/** Numbers within the checks' bounds, and outside them when hostile; coerced (query) numbers as text. */
function numberArbitrary(def: Def, hostile: boolean): fc.Arbitrary<unknown> {
  const checks = checksOf(def);
  const integer = checks.some((c) => c.check === 'number_format' && /int/.test(c.format ?? ''));
  const lower = checks.find((c) => c.check === 'greater_than');
  const upper = checks.find((c) => c.check === 'less_than');
  const minValue = lower ? (lower.inclusive ? lower.value! : lower.value! + (integer ? 1 : 1e-6)) : -1e6;
  const maxValue = upper ? (upper.inclusive ? upper.value! : upper.value! - (integer ? 1 : 1e-6)) : 1e6;
  const fitting: fc.Arbitrary<number> = integer
    ? fc.integer({ min: Math.ceil(minValue), max: Math.floor(maxValue) })
    : fc.double({ min: minValue, max: maxValue, noNaN: true, noDefaultInfinity: true });
  const outside = fc.oneof(
    fc.constantFrom(minValue - 1, maxValue + 1, 0.5, -1, 0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
    fc.double({ noNaN: true }),
  );
  const value = hostile ? outside : fitting;
  if (!def.coerce) return hostile ? fc.oneof(outside, wrongType, fc.constantFrom('12', '')) : fitting;
  return fc.oneof(
    value.map(String),
    ...(hostile ? [fc.constantFrom('ten', '1e3', '0x10', ' 5 ', '5\u0000', '', 'Infinity', '-0'), wrongType] : []),
  );
}

/**
 * Dial codes: the forms' own, and what a hand-made request may send instead (letters, unknown or zero
 * calling codes, invisible characters, emoji, full-width look-alikes). libphonenumber throws on an
 * unknown calling code, which answered 500 before the rules checked the code first.
 */
const dialCodeArbitrary = fc.oneof(
  fc.constantFrom(...DIAL_CODES.map((dial) => dial.code)),
  fc.constantFrom('abc', '+999', '+0', '1x', '+', '234', '\u200b', '\u{1f600}', '\uff21\uff22', '+\uff12\uff13\uff14'),
  fc.integer({ min: 0, max: 99_999 }).map((n) => `+${n}`),
);

/** A field's arbitrary: by its name where the name says what it holds (a dial code), else by its schema. */
function fieldArbitrary(key: string, schema: z.ZodType, hostileRate: number): fc.Arbitrary<unknown> {
  if (/countryCode$/i.test(key)) {
    return fc.oneof(dialCodeArbitrary, arbitraryOf(schema, hostileRate));
  }
  return arbitraryOf(schema, hostileRate);
}

/** The arbitrary of one schema node. `hostileRate` is the chance a node is hostile (0 to 1). */
export function arbitraryOf(schema: z.ZodType, hostileRate = 0.3): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const maybeHostile = (fitting: fc.Arbitrary<unknown>, hostile: fc.Arbitrary<unknown>) =>
    hostileRate <= 0
      ? fitting
      : fc.oneof(
          { arbitrary: fitting, weight: 10 - Math.round(hostileRate * 10) },
          {
            arbitrary: hostile,
            weight: Math.max(1, Math.round(hostileRate * 10)),
          },
        );
  switch (def.type) {
    case 'string':
      return maybeHostile(stringArbitrary(def, false), stringArbitrary(def, true));
    case 'number':
      return maybeHostile(numberArbitrary(def, false), numberArbitrary(def, true));
    case 'boolean':
      return maybeHostile(fc.boolean(), fc.oneof(wrongType, fc.constantFrom('true', 'false', 'yes', 1, 0)));
    case 'enum': {
      const values = Object.values(def.entries ?? {});
      return maybeHostile(
        fc.constantFrom(...values),
        fc.oneof(
          wrongType,
          fc.constantFrom('', ' ', ...values.map((v) => v.toUpperCase()), ...values.map((v) => `${v}\u0000`)),
        ),
      );
    }
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'optional':
    case 'default':
      return fc.option(arbitraryOf(def.innerType!, hostileRate), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(arbitraryOf(def.innerType!, hostileRate), { nil: null, freq: 4 });
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => arbitraryOf(option, hostileRate)));
    case 'pipe':
      return arbitraryOf(def.in!, hostileRate);
    case 'object':
      return objectArbitrary(def, hostileRate);
    default:
      return wrongType;
  }
}

/**
 * An object from its shape: every key generated (undefined drops it), then when hostile: keys
 * dropped, unknown keys added (prototype-polluting names included), or the whole object replaced by
 * an array or another wrong type.
 */
function objectArbitrary(def: Def, hostileRate: number): fc.Arbitrary<unknown> {
  const shape = def.shape ?? {};
  const fields = Object.fromEntries(
    Object.entries(shape).map(([key, node]) => [key, fieldArbitrary(key, node, hostileRate)]),
  );
  const fitting = fc
    .record(fields)
    .map((record) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)));
  if (hostileRate <= 0) return fitting;
  const keys = Object.keys(shape);
  const hostile = fc.oneof(
    fc
      .tuple(fitting, fc.subarray(keys))
      .map(([record, drop]) =>
        Object.fromEntries(Object.entries(record as object).filter(([key]) => !drop.includes(key))),
      ),
    fc
      .tuple(
        fitting,
        fc.constantFrom('role', 'tier', 'isAdmin', 'constructor', '__proto__', 'prototype', 'x'.repeat(300), 'a\u0000'),
        wrongType,
      )
      .map(([record, key, value]) => {
        const out = { ...(record as object) } as Record<string, unknown>;
        Object.defineProperty(out, key, { value, enumerable: true, configurable: true, writable: true });
        return out;
      }),
    fitting.map((record) => [record]),
    wrongType,
  );
  return fc.oneof({ arbitrary: fitting, weight: 2 }, { arbitrary: hostile, weight: 1 });
}

/**
 * Inputs for one call: the schema-generated ones above, and its known valid input with one field
 * replaced by a generated value (so the rules behind the schema are reached, not only the schema).
 */
export function inputsFor(schema: z.ZodType, valid: () => Record<string, unknown>): fc.Arbitrary<unknown> {
  const shape = defOf(schema).shape ?? {};
  const keys = Object.keys(shape);
  const mutated = keys.length
    ? fc.tuple(fc.constantFrom(...keys), fc.nat()).chain(([key, seed]) =>
        fieldArbitrary(key, shape[key]!, 0.5).map((value) => {
          const input = valid();
          if (value === undefined) delete input[key];
          else input[key] = value;
          return seed % 7 === 0 ? { ...input, [`extra${seed % 3}`]: 'x' } : input;
        }),
      )
    : fc.constant(valid());
  // The valid input with one hostile character in one of its text fields: the rules pass, so this is
  // what reaches the database (NUL there was a 500 before every text field refused it).
  const spliced = fc.tuple(fc.nat(), fc.constantFrom(...HOSTILE_CHARS), fc.nat()).map(([pick, char, at]) => {
    const input = valid();
    const textKeys = Object.keys(input).filter((key) => typeof input[key] === 'string');
    if (!textKeys.length) return input;
    const key = textKeys[pick % textKeys.length]!;
    const text = input[key] as string;
    const position = at % (text.length + 1);
    input[key] = text.slice(0, position) + char + text.slice(position);
    return input;
  });
  // The valid input with a dial code replaced, and the numbers joined to it as the form joins them: the
  // rest passes, so the phone rules meet the code.
  const dialKeys = keys.filter((key) => /countryCode$/i.test(key));
  const redial = (key: string, code: string) => {
    const input = valid();
    const old = input[key];
    for (const [field, value] of Object.entries(input)) {
      if (typeof old === 'string' && old && typeof value === 'string' && value.startsWith(old)) {
        input[field] = code + value.slice(old.length);
      }
    }
    input[key] = code;
    return input;
  };
  const dialed = dialKeys.length
    ? [
        {
          arbitrary: fc.tuple(fc.constantFrom(...dialKeys), dialCodeArbitrary).map(([key, code]) => redial(key, code)),
          weight: 2,
        },
      ]
    : [];
  return fc.oneof(
    { arbitrary: arbitraryOf(schema), weight: 4 },
    { arbitrary: mutated, weight: 4 },
    { arbitrary: spliced, weight: 2 },
    ...dialed,
    { arbitrary: fc.constant(null).map(() => valid()), weight: 1 },
  );
}
