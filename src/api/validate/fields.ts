// Reading one field of an answer. The rule every resource reader follows:
//   - an identity field that cannot be used leaves the item out (a single resource becomes an unreadable answer);
//   - any other field the types require takes the neutral value of its type ('' / 0 / [] / null) when it is missing
//     or of another type, and an optional one is left absent;
//   - a number where text is expected becomes its decimal text, so the same words show;
//   - unknown fields are not copied, unknown values of known text fields pass through as they are.
// Each fix is told to `note`, for a log.

export type Note = (message: string) => void;
export type Raw = Record<string, unknown>;

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
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A string identity: non-empty text that can go into an address; an integer becomes its decimal text. */
export function textId(v: unknown): string | undefined {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? String(v) : undefined;
  if (typeof v !== 'string' || v === '' || LONE_SURROGATE.test(v)) return undefined;
  return v;
}

/** A numeric identity: a safe integer, or a string of digits that is one. */
export function numberId(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isSafeInteger(v) && v >= 0 ? v : undefined;
  if (typeof v === 'string' && /^\d{1,15}$/.test(v)) return Number(v);
  return undefined;
}

/** Notes why an item is left out; returns undefined, which is what a reader returns for it. */
export function drop(note: Note, where: string, why: string): undefined {
  note(`${where} ${why}; left out`);
  return undefined;
}

/** Reads the fields of one item, noting each one it had to fix. */
export class Fields {
  constructor(private readonly raw: Raw, private readonly where: string, private readonly note: Note) {}

  private fixed(name: string, v: unknown, what: string): void {
    this.note(`${this.where}: ${name} is ${kindOf(v)}, not ${what}`);
  }

  /** Required text; '' when missing or unusable. */
  text(name: string): string {
    const v = this.raw[name];
    if (typeof v === 'string') return v;
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    this.fixed(name, v, 'text');
    return '';
  }

  /** Optional text; absent when missing, null or unusable. */
  optText(name: string): string | undefined {
    const v = this.raw[name];
    if (typeof v === 'string') return v;
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    if (v !== undefined && v !== null) this.fixed(name, v, 'text');
    return undefined;
  }

  /** Text or null (a timestamp that is null when unset); null when unusable. */
  textOrNull(name: string): string | null {
    const v = this.raw[name];
    if (typeof v === 'string') return v;
    if (v !== undefined && v !== null) this.fixed(name, v, 'text or null');
    return null;
  }

  /** Required count; 0 when missing or unusable. */
  count(name: string): number {
    const v = this.raw[name];
    if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v;
    this.fixed(name, v, 'a count');
    return 0;
  }

  optInt(name: string): number | undefined {
    const v = this.raw[name];
    if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
    if (v !== undefined && v !== null) this.fixed(name, v, 'an integer');
    return undefined;
  }

  optBool(name: string): boolean | undefined {
    const v = this.raw[name];
    if (typeof v === 'boolean') return v;
    if (v !== undefined && v !== null) this.fixed(name, v, 'true or false');
    return undefined;
  }

  /** A list of text; items that are not text are left out. */
  texts(name: string): string[] {
    const v = this.raw[name];
    if (!Array.isArray(v)) {
      if (v !== undefined && v !== null) this.fixed(name, v, 'a list');
      return [];
    }
    const out = v.filter((x): x is string => typeof x === 'string');
    if (out.length !== v.length) this.note(`${this.where}: ${v.length - out.length} item(s) of ${name} are not text; left out`);
    return out;
  }

  /** A map of text to text (permissions, custom properties); other values are left out. */
  textMap(name: string): Record<string, string> | undefined {
    const v = this.raw[name];
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

  value(name: string): unknown {
    return this.raw[name];
  }
}
