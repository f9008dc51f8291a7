// One jest run, three projects: `unit` (pure, fakes allowed), `api` (real PostgreSQL + Redis,
// started by scripts/test.mjs) and `browser` (Playwright in Debian's Chromium against a real server).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const common = {
  transform: { '^.+\\.(t|j|mj)s$': swc },
  // NestJS 12 ships ESM: let swc turn it into CommonJS too.
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs)/)'],
  moduleNameMapper: { '^@app/workflow$': '<rootDir>/workflow/src/index.ts' },
  testEnvironment: 'node',
  rootDir: __dirname,
};
// jest's testTimeout is a global option (a project's own is ignored by jest-circus 30): the real
// services' tiers raise theirs in a setup file, the unit tier keeps the 5 s default.
const slowMachineTimeout = '<rootDir>/test/slow-machine-timeout.ts';
module.exports = {
  // a global option (as testTimeout): scripts/test.mjs runs the API suites in parallel shards, each with
  // its own database, split by duration; without --shard jest's own order is kept
  testSequencer: '<rootDir>/test/api/support/shard-sequencer.js',
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/workflow/test/**/*.spec.ts', '<rootDir>/server/src/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'api',
      testMatch: ['<rootDir>/test/api/**/*.spec.ts'],
      setupFilesAfterEnv: [slowMachineTimeout],
      // One app for the suites that can share it, booted once per run (test/api/support/shared-app/).
      globalSetup: '<rootDir>/test/api/support/shared-app/global-setup.ts',
      globalTeardown: '<rootDir>/test/api/support/shared-app/global-teardown.ts',
    },
    { ...common, displayName: 'browser', testMatch: ['<rootDir>/test/browser/**/*.spec.ts'], setupFilesAfterEnv: [slowMachineTimeout] },
  ],
};
