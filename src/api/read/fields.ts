// Reading one field of an answer. The rule every resource reader follows:
//   - an identity field that cannot be used leaves the item out (a single resource becomes an unreadable answer);
//   - any other field the types require takes the neutral value of its type ('' / 0 / [] / null) when it is missing
//     or of another type, and an optional one is left absent;
//   - a number where text is expected becomes its decimal text, so the same words show;
//   - unknown fields are not copied, unknown values of known text fields pass through as they are.
// Each fix is told to `note`, for a log.

export type Note = (message: string) => void;
export type Raw = Record<string, unknown>;
/** Where an item stands, for a note; a function when building the text would cost on every item of every poll. */
export type Where = string | (() => string);

export function place(where: Where): string {
  return typeof where === 'string' ? where : where();
}

/** Thrown when an answer as a whole cannot be read; the engine turns it into an ApiError. */
export class Unreadable extends Error {
  override readonly name = 'Unreadable';
}

export function isRecord(v: unknown): v is Raw {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** What a value is, for a note; never the value itself (it may be long, or hold anything). */
export function kindOf(v: unknown): string {
  if (v === undefined) return 'missing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  return `a ${typeof v}`;
}

/** An id or name for a note, quoted and short. */
export function quote(s: string): string {
  return JSON.stringify(s.length > 60 ? `${s.slice(0, 60)}…` : s);
}

// A lone surrogate cannot be percent-encoded (encodeURIComponent throws), so an id holding one cannot be used.
// The plain range test first: it is cheap, and almost no id has a surrogate at all.
const SURROGATE = /[\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A string identity: non-empty text that can go into an address; an integer becomes its decimal text. */
export function textId(v: unknown): string | undefined {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? String(v) : undefined;
  if (typeof v !== 'string' || v === '' || (SURROGATE.test(v) && LONE_SURROGATE.test(v))) return undefined;
  return v;
}

/** A numeric identity: a safe integer, or a string of digits that is one. */
export function numberId(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isSafeInteger(v) && v >= 0 ? v : undefined;
  if (typeof v === 'string' && /^\d{1,15}$/.test(v)) return Number(v);
  return undefined;
}

/** Notes why an item is left out; returns undefined, which is what a reader returns for it. */
export function drop(note: Note, where: Where, why: string): undefined {
  note(`${place(where)} ${why}; left out`);
  return undefined;
}

/**
 * Checks the fields of one item, noting each one it had to fix. Each takes the value read by the caller with a
 * plain property access (a computed key on every field of every item costs more than the checks themselves).
 */
export class Fields {
  constructor(
    readonly where: Where,
    private readonly note: Note,
  ) {}

  private fixed(name: string, v: unknown, what: string): void {
    this.note(`${place(this.where)}: ${name} is ${kindOf(v)}, not ${what}`);
  }

  /** Required text; '' when missing or unusable. */
  text(v: unknown, name: string): string {
    if (typeof v === 'string') return v;
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    this.fixed(name, v, 'text');
    return '';
  }

  /** Optional text; absent when missing, null or unusable. */
  optText(v: unknown, name: string): string | undefined {
    if (typeof v === 'string') return v;
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    if (v !== undefined && v !== null) this.fixed(name, v, 'text');
    return undefined;
  }

  /** Text or null (a timestamp that is null when unset); null when unusable. */
  textOrNull(v: unknown, name: string): string | null {
    if (typeof v === 'string') return v;
    if (v !== undefined && v !== null) this.fixed(name, v, 'text or null');
    return null;
  }

  /** Required count; 0 when missing or unusable. */
  count(v: unknown, name: string): number {
    if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v;
    this.fixed(name, v, 'a count');
    return 0;
  }

  optInt(v: unknown, name: string): number | undefined {
    if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
    if (v !== undefined && v !== null) this.fixed(name, v, 'an integer');
    return undefined;
  }

  optBool(v: unknown, name: string): boolean | undefined {
    if (typeof v === 'boolean') return v;
    if (v !== undefined && v !== null) this.fixed(name, v, 'true or false');
    return undefined;
  }

  /** A list of text; items that are not text are left out. */
  texts(v: unknown, name: string): string[] {
    if (!Array.isArray(v)) {
      if (v !== undefined && v !== null) this.fixed(name, v, 'a list');
      return [];
    }
    const out = v.filter((x): x is string => typeof x === 'string');
    if (out.length !== v.length)
      this.note(`${place(this.where)}: ${v.length - out.length} item(s) of ${name} are not text; left out`);
    return out;
  }

  /** A map of text to text (permissions, custom properties); other values are left out. */
  textMap(v: unknown, name: string): Record<string, string> | undefined {
    if (!isRecord(v)) {
      if (v !== undefined && v !== null) this.fixed(name, v, 'an object');
      return undefined;
    }
    const out: Record<string, string> = {};
    for (const [k, x] of Object.entries(v)) {
      // JSON.parse makes "__proto__" an own key; assigning it would change the copy's prototype.
      if (typeof x === 'string' && k !== '__proto__') out[k] = x;
    }
    return out;
  }
}
