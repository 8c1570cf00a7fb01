// The words the resource declarations are written in. Each is a valibot schema of a field exactly as the service
// should send it: the TypeScript types come from the declarations (`v.InferOutput`), and so does each resource's
// reader (`read/compile.ts`), which takes a declaration liberally. What a schema alone cannot say travels in its
// metadata: the field an item is known by, a field it cannot do without, what is never kept, how a list merges.
import * as v from 'valibot';
import type { Where } from '../read/fields';

/** How the reader treats one field beyond what its schema says. */
export type FieldRule = {
  /** The item is known by this field: without a usable value it is left out. */
  key?: 'text' | 'number' | 'login';
  /** The item cannot do without this field: without it, as declared, the item is left out. */
  needed?: true;
  /** Never copied by the reader: a credential the type holds for the sandbox, which sends one. */
  never?: true;
  /** Its shape is not given: only whether it is set is kept (null, or true). */
  presence?: true;
  /** All or nothing: a value that is not exactly as declared is treated as unknown (absent). */
  whole?: true;
};

/** How the items of a list are told apart and merged. */
export interface ListRule<T> {
  key: (item: T) => string | number;
  /** Which of two items with one key stays (default: the later one). */
  prefer?: (kept: T, next: T) => T;
}

/** How an item is named in the reader's notes, from the value of the field it is known by. */
export type Label = (key: string | number, where: Where) => Where;

const rule = <S extends v.GenericSchema>(schema: S, r: FieldRule) => v.pipe(schema, v.metadata(r));

/** Text; '' when the service sent something else (a number becomes its digits). */
export const text = () => v.string();
/** Text that may be absent. */
export const optText = () => v.optional(v.string());
/** Text, or null when unset (a timestamp). */
export const textOrNull = () => v.nullable(v.string());
/** A count; 0 when the service sent something else. */
export const count = () => v.pipe(v.number(), v.safeInteger(), v.minValue(0));
/** An integer that may be absent. */
export const optInt = () => v.optional(v.pipe(v.number(), v.safeInteger()));
/** true or false, or absent. */
export const optFlag = () => v.optional(v.boolean());
/** A list of text; items that are not text are left out. */
export const texts = () => v.array(v.string());

/** Text with values we know of, open to others: `K | (string & {})`, read as any text. */
export const open = <K extends string>() => v.string() as unknown as v.GenericSchema<string, K | (string & {})>;

/** A map of text to text (permissions, custom properties); other values are left out. */
export const textMap = <V extends string = string>() => v.record(v.string(), open<V>());

/** The non-empty text an item is known by (an integer is read as its digits). */
export const textKey = () => rule(v.string(), { key: 'text' });
/** The number an item is known by (a string of digits is read as its number). */
export const numberKey = () => rule(v.pipe(v.number(), v.safeInteger(), v.minValue(0)), { key: 'number' });
/** The non-empty name an item is known by. */
export const loginKey = () => rule(v.string(), { key: 'login' });

/** A field the item cannot do without. */
export const needed = <S extends v.GenericSchema>(schema: S) => rule(schema, { needed: true });
/** A field the type has but the reader never keeps. */
export const never = <S extends v.GenericSchema>(schema: S) => v.optional(rule(schema, { never: true }));
/** A field whose shape is not given; the reader keeps only whether it is set. */
export const presence = () => v.optional(rule(v.unknown(), { presence: true }));
/** A group of fields taken all together or not at all. */
export const whole = <S extends v.GenericSchema>(schema: S) => v.optional(rule(schema, { whole: true }));

/** An item: an object of declared fields, named in notes by `label`. */
export const item = <E extends v.ObjectEntries>(entries: E, label?: Label) =>
  v.pipe(v.object(entries), v.metadata(label ? { label } : {}));

/** A list of items: each read on its own (an unusable one left out), those with one key merged. */
export const list = <S extends v.GenericSchema>(of: S, merge: ListRule<v.InferOutput<S>>) =>
  v.pipe(v.array(of), v.metadata({ merge }));
