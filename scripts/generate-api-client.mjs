// The web's API types, generated from the server's OpenAPI document (`npm run api:generate`).
//   node scripts/generate-api-client.mjs           writes web/src/api/openapi.json and web/src/api/schema.gen.ts
//   node scripts/generate-api-client.mjs --check   writes nothing; fails when the committed files differ
// The document is built from the Nest app in preview mode: modules are scanned, nothing is instantiated,
// so no PostgreSQL or Redis is needed. The server is compiled first when its sources changed.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import * as prettier from 'prettier';
import { ROOT, buildIfStale } from './lib.mjs';

const OUT_DIR = path.join(ROOT, 'web', 'src', 'api');
const DOC_FILE = path.join(OUT_DIR, 'openapi.json');
const TYPES_FILE = path.join(OUT_DIR, 'schema.gen.ts');
const check = process.argv.includes('--check');

async function buildDocument() {
  buildIfStale(['workflow', 'server']);
  const require = createRequire(path.join(ROOT, 'server', 'package.json'));
  require('reflect-metadata');
  const { NestFactory } = require('@nestjs/core');
  const dist = path.join(ROOT, 'server', 'dist', 'server', 'src');
  const { AppModule } = require(path.join(dist, 'app.module.js'));
  const { API_PREFIX, openApiDocument } = require(path.join(dist, 'app.factory.js'));
  const { loadConfig } = require(path.join(dist, 'config', 'config.js'));
  // Explicit settings: the document must not depend on the environment of the machine running this.
  const config = loadConfig({ NODE_ENV: 'development', WEB_DIST: '' });
  const app = await NestFactory.create(AppModule.forRoot(config), { preview: true, logger: ['error'], abortOnError: false });
  app.setGlobalPrefix(API_PREFIX);
  const document = openApiDocument(app);
  await app.close();
  return { document, prefix: `/${API_PREFIX}` };
}

// --- OpenAPI schema -> TypeScript ----------------------------------------------------------------

const shared = new Set();
/** Where a type named by `x-ts-type` comes from (default: @app/workflow). */
const SHARED_SOURCES = { StateValue: 'xstate' };
const refName = (ref) => ref.replace('#/components/schemas/', '');
const key = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));
const doc = (text, indent) => (text ? `${indent}/** ${String(text).replace(/\*\//g, '*\\/').replace(/\n/g, ' ')} */\n` : '');

function tsType(schema, indent = '') {
  if (!schema) return 'unknown';
  if (schema.$ref) return refName(schema.$ref);
  const nullable = schema.nullable ? ' | null' : '';
  if (schema['x-ts-type']) {
    shared.add(schema['x-ts-type']);
    return schema['x-ts-type'] + nullable;
  }
  if (schema.allOf) return schema.allOf.map((s) => tsType(s, indent)).join(' & ') + nullable;
  if (schema.oneOf || schema.anyOf) return (schema.oneOf ?? schema.anyOf).map((s) => tsType(s, indent)).join(' | ') + nullable;
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ') + nullable;
  switch (schema.type) {
    case 'string':
      return (schema.format === 'binary' ? 'Blob' : 'string') + nullable;
    case 'number':
    case 'integer':
      return 'number' + nullable;
    case 'boolean':
      return 'boolean' + nullable;
    case 'array': {
      const item = tsType(schema.items, indent);
      return (/[ |&]/.test(item) ? `(${item})[]` : `${item}[]`) + nullable;
    }
    default: {
      if (schema.properties) return objectType(schema, indent) + nullable;
      if (schema.nullable && schema.example === null) return 'null';
      const extra = schema.additionalProperties;
      if (extra && typeof extra === 'object') return `Record<string, ${tsType(extra, indent)}>` + nullable;
      return 'Record<string, unknown>' + nullable;
    }
  }
}

function objectType(schema, indent) {
  const required = new Set(schema.required ?? []);
  const inner = `${indent}  `;
  const lines = Object.entries(schema.properties).map(
    ([name, prop]) => `${doc(prop.description, inner)}${inner}${key(name)}${required.has(name) ? '' : '?'}: ${tsType(prop, inner)};`,
  );
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/** The `data` of a JSON success answer, or Blob for a binary one; null when the route declares none. */
function successType(operation) {
  const [, response] = Object.entries(operation.responses ?? {}).find(([status]) => /^2/.test(status)) ?? [];
  const content = response?.content;
  if (!content) return null;
  const json = content['application/json']?.schema;
  if (!json) return 'Blob';
  const data = json.properties?.data;
  if (!data) return null;
  const page = data.properties;
  if (page && Object.keys(page).sort().join() === 'list,pageNum,pageSize,total') return `Page<${tsType(page.list.items, '  ')}>`;
  return tsType(data, '  ');
}

/** The query parameters of a route as one object type (null when it takes none). */
function queryType(operation) {
  const params = (operation.parameters ?? []).filter((p) => p.in === 'query');
  if (!params.length) return null;
  const lines = params.map((p) => `${doc(p.description, '    ')}    ${key(p.name)}${p.required ? '' : '?'}: ${tsType(p.schema, '    ')};`);
  return `{\n${lines.join('\n')}\n  }`;
}

function bodyType(operation) {
  const content = operation.requestBody?.content;
  if (!content) return null;
  if (content['application/json']) return tsType(content['application/json'].schema, '  ');
  return 'FormData';
}

export function generate(document, prefix) {
  shared.clear();
  const out = [];
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
    out.push(doc(schema.description, ''));
    out.push(schema.properties ? `export interface ${name} ${objectType(schema, '')}\n` : `export type ${name} = ${tsType(schema)};\n`);
  }
  const responses = [];
  const bodies = [];
  const queries = [];
  const undeclared = [];
  for (const [fullPath, item] of Object.entries(document.paths)) {
    const route = fullPath.startsWith(prefix) ? fullPath.slice(prefix.length) : fullPath;
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const operation = item[method];
      if (!operation) continue;
      const name = `${method.toUpperCase()} ${route}`;
      const data = successType(operation);
      if (data === null) undeclared.push(name);
      else responses.push(`  ${JSON.stringify(name)}: ${data};`);
      const body = bodyType(operation);
      if (body) bodies.push(`  ${JSON.stringify(name)}: ${body};`);
      const query = queryType(operation);
      if (query) queries.push(`  ${JSON.stringify(name)}: ${query};`);
    }
  }
  const sources = new Map();
  for (const name of [...shared].sort()) {
    const from = SHARED_SOURCES[name] ?? '@app/workflow';
    sources.set(from, [...(sources.get(from) ?? []), name]);
  }
  const imports = [...sources].sort(([a], [b]) => a.localeCompare(b)).map(([from, names]) => `import type { ${names.join(', ')} } from '${from}';`);
  const text = [
    "// Generated by scripts/generate-api-client.mjs from the server's OpenAPI document: do not edit.",
    '// Run `npm run api:generate` after changing a controller or a DTO of the server.',
    imports.length ? `${imports.join('\n')}\n` : '',
    '/** A page of a list (the answer of every paged route). */',
    'export interface Page<T> {\n  list: T[];\n  total: number;\n  pageNum: number;\n  pageSize: number;\n}\n',
    ...out,
    '/** The `data` of each route\'s success answer (`Blob` for a download), keyed by "METHOD /path" under /server. */',
    `export interface ApiResponses {\n${responses.join('\n')}\n}\n`,
    '/** The request body of each route that takes one. */',
    `export interface ApiBodies {\n${bodies.join('\n')}\n}\n`,
    '/** The query parameters of each route that takes some (filters, sort, paging). */',
    `export interface ApiQueries {\n${queries.join('\n')}\n}\n`,
    'export type ApiRoute = keyof ApiResponses;',
    'export type ApiData<R extends ApiRoute> = ApiResponses[R];',
    'export type ApiBody<R extends keyof ApiBodies> = ApiBodies[R];',
    'export type ApiQuery<R extends keyof ApiQueries> = ApiQueries[R];',
  ].join('\n');
  return { text, undeclared };
}

async function format(file, text) {
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(text, { ...options, filepath: file });
}

const { document, prefix } = await buildDocument();
const { text, undeclared } = generate(document, prefix);
const files = [
  [DOC_FILE, await format(DOC_FILE, JSON.stringify(document))],
  [TYPES_FILE, await format(TYPES_FILE, text)],
];
if (undeclared.length) console.warn(`routes without a declared success answer (@ApiEnvelope, @ApiPage, @ApiFile):\n  ${undeclared.join('\n  ')}`);

if (check) {
  const stale = files.filter(([file, content]) => !fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== content);
  if (stale.length) {
    console.error(
      `the API client is out of date with the server's OpenAPI document: ${stale.map(([f]) => path.relative(ROOT, f)).join(', ')}\n` +
        'run `npm run api:generate` and commit the result',
    );
    process.exit(1);
  }
  console.log('API client up to date with the OpenAPI document');
} else {
  for (const [file, content] of files) fs.writeFileSync(file, content);
  console.log(`wrote ${files.map(([f]) => path.relative(ROOT, f)).join(', ')}`);
}
process.exit(0);
