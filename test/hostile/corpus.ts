/**
 * A hostile corpus for every route of an OpenAPI document: each hostile class put
 * into each place a request can carry input (path parameters, query parameters, each field of the JSON
 * body derived from the route's DTO schema, the whole body, multipart fields and file names, the
 * Idempotency-Key header). Bodies are raw JSON text, so that values JSON.stringify cannot produce
 * (thousands deep, numbers beyond double or safe-integer range) arrive exactly as an attacker sends them.
 */

export interface HostileClass {
  name: string;
  /** Raw JSON text of the value in a body. */
  json: string;
  /** The value in a URL (path segment or query value), already percent-encoded. */
  url: string;
  /** The value as a multipart field or file name. */
  text: string;
}

const deep = (open: string, inner: string, close: string, n: number) => open.repeat(n) + inner + close.repeat(n);

export const HOSTILE_CLASSES: HostileClass[] = [
  { name: 'deep-array', json: deep('[', '1', ']', 5000), url: encodeURIComponent('['.repeat(2000)), text: '['.repeat(2000) },
  { name: 'deep-object', json: deep('{"a":', '1', '}', 3000), url: encodeURIComponent('{"a":'.repeat(400)), text: '{"a":'.repeat(400) },
  // A field far longer than any column (the whole body over the JSON limit is in WHOLE_BODIES, once per route).
  { name: 'too-large', json: JSON.stringify('长'.repeat(200_000)), url: 'x'.repeat(6000), text: 'x'.repeat(6000) },
  { name: 'nul', json: '"a\\u0000b"', url: 'a%00b', text: 'a\u0000b' },
  { name: 'lone-surrogate', json: '"a\\ud800b"', url: 'a%ED%A0%80b', text: 'a\ud800b' },
  { name: 'huge-float', json: '1e+300', url: '1e%2B300', text: '1e+300' },
  { name: 'huge-digits', json: '99999999999999999999999', url: '99999999999999999999999', text: '99999999999999999999999' },
  { name: 'unsafe-integer', json: '9007199254740993', url: '9007199254740993', text: '9007199254740993' },
  { name: 'int4-overflow', json: '4294967296', url: '4294967296', text: '4294967296' },
  { name: 'negative-huge', json: '-1e+308', url: '-1e%2B308', text: '-1e+308' },
  { name: 'date-feb-30', json: '"2026-02-30"', url: '2026-02-30', text: '2026-02-30' },
  { name: 'date-month-13', json: '"2026-13-01"', url: '2026-13-01', text: '2026-13-01' },
  { name: 'date-junk', json: '"abc"', url: 'abc', text: 'abc' },
  { name: 'type-confusion', json: '{"$gt":""}', url: '%5B%5D', text: '{}' },
];

/** Attacks on the request as a whole: the body, or the query string, is the hostile value itself. */
export const WHOLE_BODIES: { name: string; json: string }[] = [
  { name: 'deep-array', json: deep('[', '', ']', 5000) },
  { name: 'deep-object', json: deep('{"a":', '{}', '}', 3000) },
  { name: 'too-large', json: `{"a":${JSON.stringify('x'.repeat(1_100_000))}}` },
  { name: 'nul', json: '{"a\\u0000":"\\u0000"}' },
  { name: 'lone-surrogate', json: '{"\\udc00":"\\ud800"}' },
  { name: 'unsafe-integer', json: '9007199254740993' },
  { name: 'huge-digits', json: '[99999999999999999999999]' },
  { name: 'type-confusion', json: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}' },
  // Breadth: past the edge's keys per object and items per array, small enough to send to every route.
  { name: 'wide-object', json: `{${Array.from({ length: 1500 }, (_, i) => `"k${i}":${i}`).join(',')}}` },
  { name: 'wide-array', json: `[${Array.from({ length: 12_000 }, () => 0).join(',')}]` },
];

/** Query strings nested deep (qs `a[b][c]`) or repeated into arrays. */
export const WHOLE_QUERIES: { name: string; query: (param: string) => string }[] = [
  { name: 'deep-object', query: (p) => `${p}${'[a]'.repeat(300)}=1` },
  { name: 'deep-array', query: (p) => `${p}${'[]'.repeat(300)}=1` },
  { name: 'type-confusion', query: (p) => Array.from({ length: 50 }, () => `${p}=1`).join('&') },
  { name: 'nul', query: () => 'a%00=1' },
  { name: 'proto-key', query: () => '__proto__=1&constructor=1&prototype=1' },
];

export interface Schema {
  type?: string;
  $ref?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  format?: string;
  nullable?: boolean;
  additionalProperties?: boolean | Schema;
}

interface Operation {
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

export interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

/** One request of the corpus. `body` is raw JSON text; `multipart` fields and one file. */
export interface HostileRequest {
  method: string;
  route: string;
  url: string;
  cls: string;
  target: string;
  body?: string;
  multipart?: { fields: Record<string, string>; fileName: string };
  headers?: Record<string, string>;
}

/** Real values for path parameters and the fields of bodies, so requests reach past the 404s. */
export interface CorpusContext {
  /**
   * Path parameter value for a route, e.g. ('/server/loans/{id}/events', 'id') -> a loan id. `harmless`
   * asks for an id that names nothing, for routes whose only input is the path (delete, start, cancel):
   * an attack elsewhere in the request must not delete or start something real.
   */
  param(route: string, name: string, harmless: boolean): string;
  /** A plausible value for a body field by name on a route, or undefined for the schema's default. */
  field(name: string, route: string): unknown;
}

const PLACEHOLDER = '"@@hostile@@"';

function resolve(doc: OpenApi, schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let i = 0; s.$ref && i < 10; i++) s = doc.components.schemas[s.$ref.split('/').pop()!] ?? {};
  return s;
}

function baseline(doc: OpenApi, schema: Schema, name: string, ctx: CorpusContext, route: string): unknown {
  const known = ctx.field(name, route);
  if (known !== undefined) return known;
  const s = resolve(doc, schema);
  if (s.enum?.length) return s.enum[0];
  switch (s.type) {
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [baseline(doc, s.items ?? {}, name, ctx, route)];
    case 'object':
      return s.properties ? Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, baseline(doc, v, k, ctx, route)])) : {};
    default:
      return 'x';
  }
}

/** Every place in a body schema a hostile value can go: each field, each array's first item, one key inside free objects. */
function targets(doc: OpenApi, schema: Schema, prefix: (string | number)[] = [], depth = 0): (string | number)[][] {
  const s = resolve(doc, schema);
  if (depth > 3) return [];
  const out: (string | number)[][] = [];
  for (const [key, child] of Object.entries(s.properties ?? {})) {
    const at = [...prefix, key];
    out.push(at);
    const c = resolve(doc, child);
    if (c.type === 'array') out.push([...at, 0], ...targets(doc, c.items ?? {}, [...at, 0], depth + 1).filter((t) => t.length > at.length + 1));
    else if (c.type === 'object' && c.properties) out.push(...targets(doc, c, at, depth + 1));
    else if (c.type === 'object') out.push([...at, 'reason']);
  }
  return out;
}

function setAt(value: unknown, at: (string | number)[]): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (let i = 0; i < at.length - 1; i++) {
    const next = node[at[i]];
    node[at[i]] = typeof next === 'object' && next !== null ? next : typeof at[i + 1] === 'number' ? [] : {};
    node = node[at[i]] as Record<string | number, unknown>;
  }
  node[at[at.length - 1]] = '@@hostile@@';
  return copy;
}

function fill(route: string, ctx: CorpusContext, harmless: boolean, hostile?: { name: string; url: string }): string {
  return route.replace(/\{([^}]+)\}/g, (_, name: string) =>
    hostile && hostile.name === name ? hostile.url : encodeURIComponent(ctx.param(route, name, harmless)),
  );
}

/**
 * The full corpus for every operation of the document. Routes whose effect would end the corpus's own
 * session or account (logout, password change) come last.
 */
export function buildCorpus(doc: OpenApi, ctx: CorpusContext): HostileRequest[] {
  const out: HostileRequest[] = [];
  for (const [route, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const params = op.parameters ?? [];
      const pathParams = params.filter((p) => p.in === 'path');
      const queryParams = params.filter((p) => p.in === 'query');
      const headerParams = params.filter((p) => p.in === 'header');
      const content = op.requestBody?.content ?? {};
      const jsonSchema = content['application/json']?.schema;
      const multipartSchema = content['multipart/form-data']?.schema;
      const harmless = method !== 'get' && !op.requestBody;
      const url = fill(route, ctx, harmless);
      const validBody = jsonSchema ? JSON.stringify(baseline(doc, jsonSchema, '', ctx, route)) : undefined;
      const add = (r: Omit<HostileRequest, 'method' | 'route'>) =>
        out.push({ method, route, ...r, ...(multipartSchema && !r.multipart && !r.body ? { multipart: { fields: {}, fileName: 'x.pdf' } } : {}) });
      // Requests without a body of their own carry no body; those that have one keep it valid around the attack.
      const withBody = (r: Omit<HostileRequest, 'method' | 'route'>) => add({ ...(validBody !== undefined ? { body: validBody } : {}), ...r });

      for (const cls of HOSTILE_CLASSES) {
        for (const p of pathParams) withBody({ url: fill(route, ctx, harmless, { name: p.name, url: cls.url }), cls: cls.name, target: `path:${p.name}` });
        for (const p of queryParams) withBody({ url: `${url}?${p.name}=${cls.url}`, cls: cls.name, target: `query:${p.name}` });
        if (method === 'get' && queryParams.length === 0) add({ url: `${url}?q=${cls.url}`, cls: cls.name, target: 'query:q' });
        for (const h of headerParams) {
          if (/^[\x20-\x7e]*$/.test(cls.text)) withBody({ url, cls: cls.name, target: `header:${h.name}`, headers: { [h.name]: cls.text } });
        }
        if (jsonSchema) {
          for (const at of targets(doc, jsonSchema)) {
            const text = JSON.stringify(setAt(baseline(doc, jsonSchema, '', ctx, route), at)).replace(PLACEHOLDER, () => cls.json);
            add({ url, cls: cls.name, target: `body:${at.join('.')}`, body: text });
          }
        }
        if (multipartSchema) {
          const fields = Object.keys(resolve(doc, multipartSchema).properties ?? {}).filter((k) => k !== 'file');
          add({ url, cls: cls.name, target: 'file-name', multipart: { fields: Object.fromEntries(fields.map((f) => [f, 'x'])), fileName: `${cls.text}.pdf` } });
          for (const f of fields) add({ url, cls: cls.name, target: `multipart:${f}`, multipart: { fields: { [f]: cls.text }, fileName: 'x.pdf' } });
        }
      }
      if (multipartSchema) {
        // multer nests bracketed field names (append-field): a multipart body can be deep too
        const field = Object.keys(resolve(doc, multipartSchema).properties ?? {}).find((k) => k !== 'file') ?? 'x';
        add({ url, cls: 'deep-object', target: 'multipart-field-name', multipart: { fields: { [`${field}${'[a]'.repeat(300)}`]: '1' }, fileName: 'x.pdf' } });
        add({ url, cls: 'deep-array', target: 'multipart-field-name', multipart: { fields: { [`${field}${'[]'.repeat(300)}`]: '1' }, fileName: 'x.pdf' } });
      }
      if (method !== 'get') {
        for (const w of WHOLE_BODIES) add({ url, cls: w.name, target: 'whole-body', body: w.json });
      }
      const queryName = queryParams[0]?.name ?? 'q';
      for (const w of WHOLE_QUERIES) withBody({ url: `${url}?${w.query(queryName)}`, cls: w.name, target: 'whole-query' });
    }
  }
  const last = (r: HostileRequest) => (r.route.endsWith('/logout') ? 2 : r.route.endsWith('/change-password') ? 1 : 0);
  return out.sort((a, b) => last(a) - last(b));
}

/** A deterministic sample that keeps every (route, method, class) at least once: for users whose full run adds little. */
export function samplePerRouteAndClass(corpus: HostileRequest[]): HostileRequest[] {
  const seen = new Map<string, number>();
  return corpus.filter((r) => {
    const key = `${r.method} ${r.route} ${r.cls}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    // the first of each, then one in five of the rest
    return n === 0 || n % 5 === 0;
  });
}
