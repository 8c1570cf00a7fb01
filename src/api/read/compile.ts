// A resource's reader, built once from its declaration in `schema/` by walking the valibot schema. The reading is
// liberal where the schema is strict: each kind of field follows the rule in `fields.ts`, an item without the field
// it is known by (or one it cannot do without) is left out, lists merge items with one key. Valibot's own parse
// stops at the first field that is not as declared, or makes it a fallback without a word; a reader here must keep
// going and say what it fixed. Each reader also gets a check that an item needs no fixing at all, so the usual item
// is taken as it came, without a copy (tasks are read at every poll, a thousand at a time).
import * as v from 'valibot';
import type { FieldRule, Label, ListRule } from '../schema/declare';
import type { Note, Where } from './fields';
import { drop, Fields, isRecord, kindOf, numberId, place, textId } from './fields';
import { mergeDuplicates } from './merge';

/** A valibot schema as the walk sees it. */
interface Node {
  type: string;
  wrapped?: Node;
  entries?: Record<string, Node>;
  item?: Node;
  value?: Node;
  pipe?: readonly { type: string; metadata?: Record<string, unknown> }[];
}

export interface ItemReader<T> {
  /** The item read, or undefined when it is left out (said to `note`). */
  read(raw: unknown, where: Where, note: Note): T | undefined;
  /** Whether `read` would take the item as it is; fields not declared may remain on it. */
  clean(raw: unknown): raw is T;
}

/** Returned by a field the item cannot do without, when it is unusable: why the item is left out. */
class Drop {
  constructor(readonly why: string) {}
}

interface Field {
  /** The value to keep, undefined to leave the field absent, or a Drop. */
  read: (value: unknown, name: string, f: Fields, note: Note) => unknown;
  clean: (value: unknown) => boolean;
}

/** What the declarations put in a schema's metadata (`schema/declare.ts`). */
type Meta = FieldRule & { label?: Label; merge?: ListRule<unknown> };

/** The metadata of a schema, with that of the schemas it pipes (`needed(item(...))` keeps the item's label). */
function meta(node: Node): Meta {
  if (!node.pipe) return {};
  const inner = node.pipe[0] as Node;
  let out: Meta = inner !== node && inner.pipe ? meta(inner) : {};
  for (const p of node.pipe) if (p.type === 'metadata') out = { ...out, ...(p.metadata as Meta) };
  return out;
}

const isCount = (x: unknown): boolean => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;

const KEYS: Record<NonNullable<FieldRule['key']>, { read: (x: unknown) => unknown; clean: (x: unknown) => boolean }> = {
  text: { read: textId, clean: x => typeof x === 'string' && textId(x) === x },
  number: { read: numberId, clean: isCount },
  login: {
    read: x => (typeof x === 'string' && x !== '' ? x : undefined),
    clean: x => typeof x === 'string' && x !== '',
  },
};

/** Wraps a field's reading of a present value with what absent and null mean for it. */
function wrap(inner: Field, optional: boolean, nullable: boolean): Field {
  if (!optional && !nullable) return inner;
  return {
    read: (x, name, f, note) => {
      if (x === null && nullable) return null;
      if (x === undefined || x === null) return optional ? undefined : null;
      return inner.read(x, name, f, note);
    },
    clean: x => (x === undefined && optional) || (x === null && nullable) || inner.clean(x),
  };
}

function field(node: Node, optional = false, nullable = false): Field {
  if (node.type === 'optional') return field(node.wrapped!, true, nullable);
  if (node.type === 'nullable') return field(node.wrapped!, optional, true);
  const rule = meta(node);
  if (rule.never) return { read: () => undefined, clean: x => x === undefined };
  if (rule.presence)
    return { read: x => (x === undefined ? undefined : x === null ? null : true), clean: x => x == null };
  if (rule.key) {
    const k = KEYS[rule.key];
    return wrap(
      // Without a usable value, an item known by it is left out; an optional one is only absent.
      { read: (x, name) => k.read(x) ?? (optional ? undefined : new Drop(`has no usable ${name}`)), clean: k.clean },
      optional,
      nullable,
    );
  }
  if (rule.whole) {
    const schema = node as unknown as v.GenericSchema;
    return {
      read: (x, name, f, note) => {
        if (x === undefined || x === null) return undefined;
        if (v.is(schema, x)) return v.parse(schema, x);
        note(`${place(f.where)}: ${name} is not as declared; treated as unknown`);
        return undefined;
      },
      clean: x => x === undefined || v.is(schema, x),
    };
  }
  const value = plain(node, optional, nullable);
  if (!rule.needed) return value;
  // Needed text is taken only as text: a number there is more likely another field's value than this one's.
  const strict = node.type === 'string';
  return {
    read: (x, name, f, note) => {
      if (strict && typeof x !== 'string') return new Drop(`${name} is ${kindOf(x)}, not text`);
      const out = value.read(x, name, f, note);
      return out === undefined ? new Drop(`has no usable ${name}`) : out;
    },
    clean: value.clean,
  };
}

/** A field by its type alone. */
function plain(node: Node, optional: boolean, nullable: boolean): Field {
  switch (node.type) {
    case 'string':
      return {
        read: (x, name, f) =>
          optional
            ? x === null && nullable
              ? null
              : f.optText(x, name)
            : nullable
              ? f.textOrNull(x, name)
              : f.text(x, name),
        clean: x => typeof x === 'string' || (x === undefined && optional) || (x === null && nullable),
      };
    case 'number': {
      const counts = node.pipe?.some(p => p.type === 'min_value') ?? false;
      return {
        read: (x, name, f) => (optional ? f.optInt(x, name) : f.count(x, name)),
        clean: x =>
          (x === undefined && optional) || (typeof x === 'number' && Number.isSafeInteger(x) && (!counts || x >= 0)),
      };
    }
    case 'boolean':
      return {
        read: (x, name, f) => f.optBool(x, name) ?? (optional ? undefined : false),
        clean: x => typeof x === 'boolean' || (x === undefined && optional),
      };
    case 'record':
      return {
        read: (x, name, f) => f.textMap(x, name) ?? (optional ? undefined : {}),
        clean: x =>
          (x === undefined && optional) ||
          (isRecord(x) && !Object.hasOwn(x, '__proto__') && Object.values(x).every(isText)),
      };
    case 'array':
      return node.item!.type === 'string' ? textList(optional) : itemList(node, optional);
    case 'object':
    case 'loose_object':
      return wrap(nested(itemReader(node)), optional, nullable);
    default:
      throw new Error(`a declaration uses a ${node.type} schema, which the reader does not know`);
  }
}

const isText = (x: unknown): boolean => typeof x === 'string';

function textList(optional: boolean): Field {
  return {
    read: (x, name, f) => {
      if (optional && (x === undefined || x === null)) return undefined;
      if (optional && !Array.isArray(x)) return f.texts(x, name) && undefined;
      return f.texts(x, name);
    },
    clean: x => (x === undefined && optional) || (Array.isArray(x) && x.every(isText)),
  };
}

/** An item inside an item; its notes name it after the outer one. */
function nested(reader: ItemReader<unknown>): Field {
  return {
    read: (x, name, f, note) => reader.read(x, () => `${place(f.where)}: ${name}`, note),
    clean: x => reader.clean(x),
  };
}

function itemList(node: Node, optional: boolean): Field {
  const items = itemReader(node.item!);
  const merge = meta(node).merge;
  if (!merge) throw new Error('a declared list of items says nothing of how its items merge');
  return {
    read: (x, name, f, note) => {
      if (x === undefined || x === null) return optional ? undefined : [];
      if (!Array.isArray(x)) {
        note(`${place(f.where)}: ${name} is ${kindOf(x)}, not a list`);
        return [];
      }
      return readItems(x, () => `${place(f.where)}: ${name}`, items, merge, note, false);
    },
    clean: x => (x === undefined && optional) || (Array.isArray(x) && allDistinct(x, items, merge.key)),
  };
}

/** Whether every item is clean and no two share a key. */
function allDistinct(list: unknown[], items: ItemReader<unknown>, key: (item: never) => string | number): boolean {
  for (const x of list) if (!items.clean(x)) return false;
  if (list.length < 2) return true;
  const keys = new Set<string | number>();
  for (const x of list) keys.add(key(x as never));
  return keys.size === list.length;
}

/**
 * The items of a list: each read on its own, the unusable ones left out, those with one key merged. `where` names the
 * list; an item is named by its place in it. With `fast`, an item that needs no fixing is taken as it came.
 */
export function readItems<T>(
  list: unknown[],
  where: Where,
  items: ItemReader<T>,
  merge: ListRule<T>,
  note: Note,
  fast: boolean,
): T[] {
  const out: T[] = [];
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    const item = fast && items.clean(x) ? x : items.read(x, () => `${place(where)}[${i}]`, note);
    if (item !== undefined) out.push(item);
  }
  return mergeDuplicates(out, merge.key, merge.prefer, () => place(where).replace(/s$/, ''), note);
}

const built = new WeakMap<object, ItemReader<unknown>>();

/** The reader of an item declared with `item(...)` in `schema/`. */
export function itemReader<T>(schema: v.GenericSchema<unknown, T> | Node): ItemReader<T> {
  const node = schema as Node;
  const known = built.get(node);
  if (known) return known as ItemReader<T>;
  if (!node.entries) throw new Error(`a ${node.type} schema is not an item`);
  const { label } = meta(node);
  const all = Object.entries(node.entries).map(([name, n]) => ({ name, rule: meta(n), f: field(n) }));
  const key = all.find(e => e.rule.key);
  const fields = all.filter(e => e !== key);
  const reader: ItemReader<unknown> = {
    read(raw, where, note) {
      if (!isRecord(raw)) return drop(note, where, `is ${kindOf(raw)}, not an object`);
      const out: Record<string, unknown> = {};
      let at = where;
      if (key) {
        const k = KEYS[key.rule.key!].read(raw[key.name]) as string | number | undefined;
        if (k === undefined) return drop(note, where, `has no usable ${key.name}`);
        out[key.name] = k;
        if (label) at = label(k, where);
      }
      const f = new Fields(at, note);
      for (const { name, f: read } of fields) {
        const x = read.read(raw[name], name, f, note);
        if (x instanceof Drop) return drop(note, at, x.why);
        if (x !== undefined) out[name] = x;
      }
      return out;
    },
    clean: (raw): raw is unknown => isRecord(raw) && all.every(e => e.f.clean(raw[e.name])),
  };
  built.set(node, reader);
  return reader as ItemReader<T>;
}
