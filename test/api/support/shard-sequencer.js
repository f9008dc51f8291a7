// The API tier's test sequencer: splits the suites between parallel jest processes (scripts/test.mjs
// runs them, each against its own database) by their last measured duration, longest first, each to
// the shard with the least so far, so that the shards end together. jest's own split is by a hash of
// the path, which can give one shard every slow suite. Durations: test/api/support/durations.json
// (seconds per file, written from a whole run's report by `node scripts/test.mjs --record-durations`);
// a suite not listed there weighs its file's size at 1 s per 2 kB.
const fs = require('node:fs');
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const DURATIONS = path.join(__dirname, 'durations.json');

function weights(rootDir) {
  let recorded = {};
  try {
    recorded = JSON.parse(fs.readFileSync(DURATIONS, 'utf8'));
  } catch {
    // no record yet: sizes alone
  }
  return (test) => recorded[path.relative(rootDir, test.path).split(path.sep).join('/')] ?? fs.statSync(test.path).size / 2048;
}

class ShardSequencer extends Sequencer {
  shard(tests, { shardIndex, shardCount }) {
    if (!tests.length) return [];
    const weightOf = weights(tests[0].context.config.rootDir);
    const loads = Array.from({ length: shardCount }, () => 0);
    const mine = [];
    // longest first, then by path: every shard process computes the same split
    const ordered = tests.map((test) => ({ test, weight: weightOf(test) })).sort((a, b) => b.weight - a.weight || (a.test.path < b.test.path ? -1 : 1));
    for (const { test, weight } of ordered) {
      const least = loads.indexOf(Math.min(...loads));
      loads[least] += weight;
      if (least === shardIndex - 1) mine.push(test);
    }
    return mine;
  }
}

module.exports = ShardSequencer;
