// The unified social credit code check lives in @app/workflow so that the web form runs the very same
// algorithm; re-exported here for the server's own callers (demo data, tests).
export { creditCodeCheckChar, isValidCreditCode, withCheckChar } from '@app/workflow';
