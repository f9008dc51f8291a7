// API and browser tests start a NestJS app (migrations, seed) or a browser in their hooks: on a
// loaded 2-core CI machine that takes well over jest's 5 s default. This timeout covers tests and
// hooks alike (jest-circus reads it at run_start); a file's own jest.setTimeout still wins.
jest.setTimeout(90_000);
