// The documentation holds together: every relative link of the README, docs/ and the changelog (and the
// workspaces' own pages) reaches a file and, with an #anchor, a heading there; the README stays a map
// (under 15 KB); docs/ says what, not which issue; the benchmarks page shows the table bench.mjs wrote.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (rel) => fs.readFileSync(path.join(ROOT, rel), 'utf8');
const docs = fs
  .readdirSync(path.join(ROOT, 'docs'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => `docs/${f}`);
const serverPages = fs
  .readdirSync(path.join(ROOT, 'server', 'src'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) => ['README.md', 'MAPPING.md'].map((f) => `server/src/${d.name}/${f}`))
  .filter((rel) => fs.existsSync(path.join(ROOT, rel)));
const PAGES = ['README.md', 'CHANGELOG.md', ...docs, 'workflow/README.md', 'web/README.md', ...serverPages];

/** Markdown without fenced code blocks, and inline code reduced to a placeholder (a link's text may be code). */
function prose(markdown) {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, 'code');
}

/** The relative links `[text](target)` of a page: external and mail links left out. */
export function relativeLinks(markdown) {
  return [...prose(markdown).matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as dashes. */
export function anchors(markdown) {
  const seen = new Map();
  return markdown
    .replace(/^```[\s\S]*?^```/gm, '')
    .split('\n')
    .filter((line) => /^#{1,6} /.test(line))
    .map((line) => {
      const slug = line
        .replace(/^#+ /, '')
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-');
      const n = seen.get(slug) ?? 0;
      seen.set(slug, n + 1);
      return n ? `${slug}-${n}` : slug;
    });
}

/** What is wrong with one link of `page`, or null. */
function brokenLink(page, target) {
  const [file, anchor] = target.split('#');
  const resolved = file ? path.join(path.dirname(path.join(ROOT, page)), decodeURIComponent(file)) : path.join(ROOT, page);
  if (!fs.existsSync(resolved)) return `${page}: ${target} (no such file)`;
  if (anchor && resolved.endsWith('.md') && !anchors(fs.readFileSync(resolved, 'utf8')).includes(anchor)) return `${page}: ${target} (no such heading)`;
  return null;
}

test('every relative link of the README, docs/, the changelog and the workspaces pages resolves', () => {
  const links = PAGES.flatMap((page) => relativeLinks(read(page)).map((target) => ({ page, target })));
  assert.ok(links.length > 40, `only ${links.length} links found`);
  assert.deepEqual(links.map(({ page, target }) => brokenLink(page, target)).filter(Boolean), []);
});

test('a link to a missing file or heading is reported', () => {
  assert.match(brokenLink('README.md', 'docs/no-such-page.md'), /no such file/);
  assert.match(brokenLink('README.md', 'docs/operations.md#no-such-heading'), /no such heading/);
  assert.equal(brokenLink('README.md', 'docs/operations.md#files'), null);
  assert.deepEqual(relativeLinks('[a](b.md) [c](https://x.org) `[d](e.md)`\n```\n[f](g.md)\n```\n'), ['b.md']);
  assert.deepEqual(anchors('# Stages: one vocabulary\n## `npm start` & co\n## Files\n## Files'), [
    'stages-one-vocabulary',
    'npm-start--co',
    'files',
    'files-1',
  ]);
});

test('the README stays a map: under 15 KB, the two commands and the docs it points to', () => {
  const readme = read('README.md');
  assert.ok(Buffer.byteLength(readme) < 15000, `README.md is ${Buffer.byteLength(readme)} bytes`);
  for (const command of ['npm start', 'npm test']) assert.match(readme, new RegExp(`^${command} +# `, 'm'));
  for (const doc of docs) assert.ok(readme.includes(`](${doc})`), `README.md does not link ${doc}`);
});

test('docs/ and the changelog say what, not which issue', () => {
  const tagged = ['CHANGELOG.md', ...docs].flatMap((page) =>
    read(page)
      .split('\n')
      .filter((line) => /\bissues? \d+/i.test(line))
      .map((line) => `${page}: ${line.trim()}`),
  );
  assert.deepEqual(tagged, []);
});

test('docs/benchmarks.md holds the table test/bench/RESULTS.md holds (both written by scripts/bench.mjs)', () => {
  const between = (text) => {
    const from = text.indexOf('<!-- bench-results:start -->');
    const to = text.indexOf('<!-- bench-results:end -->');
    assert.ok(from >= 0 && to > from, 'docs/benchmarks.md lacks the bench-results markers');
    return text.slice(from, to);
  };
  const tableOf = (text) => text.split('\n').filter((line) => line.startsWith('|'));
  const table = tableOf(between(read('docs/benchmarks.md')));
  assert.ok(table.length > 2, 'no table between the markers');
  assert.deepEqual(table, tableOf(read('test/bench/RESULTS.md')));
});

test("web/README.md's feature table names every folder of web/src/features, and no other", () => {
  const folders = fs
    .readdirSync(path.join(ROOT, 'web', 'src', 'features'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const section = read('web/README.md').split('## Features')[1]?.split('\n## ')[0] ?? '';
  const listed = [...section.matchAll(/^\| `([\w-]+)` \|/gm)].map((m) => m[1]);
  assert.deepEqual([...listed].sort(), folders);
});
