/**
 * @app/workflow: the guarantee pipeline as one xstate v5 statechart, pure and shared by the server
 * (which enforces it) and the web (which shows what it allows). See README.md.
 */

export * from './permissions';
export * from './permission-check';
export * from './permissions-map';
export * from './events';
export * from './context';
export * from './money';
export * from './votes';
export * from './guards';
export * from './labels';
export * from './machine';
export * from './paths';
export * from './worklists';
export * from './effects';
export * from './engine';
export * from './operator-move';
export * from './actions';
export * from './migrations';
export * from './error-codes';
export * from './testing';
export * from './domain/meetings';
export * from './domain/company-enums';
export * from './domain/financials';
export * from './domain/report';
export * from './domain/loan-data';
export * from './domain/loan-data-examples';
export * from './domain/contract-templates';
export * from './domain/collateral';
export * from './domain/repayment-plan';
export * from './domain/state-windows';
export * from './domain/overdue';
export * from './domain/bad-loans';
export * from './domain/evidence';
