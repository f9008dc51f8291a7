/**
 * Fixed paths that the shell, the router and pages link to. They live apart from the route table,
 * which imports every page: a page that took a path from the table would import itself in a circle.
 */
export const HOME_PATH = '/';
export const ENTER_PATH = '/enter/index';
export const DASHBOARD_PATH = '/dashboard';
export const NOT_FOUND_PATH = '/404';
export const FORBIDDEN_PATH = '/401';
export const LOGIN_PATH = '/login';
export const PRIVACY_POLICY_PATH = '/privacy-agreement/policy';
export const SERVICE_AGREEMENT_PATH = '/privacy-agreement/agreement';
export const REDIRECT_PREFIX = '/redirect';
export const LOAN_LIST_PATH = '/company/loanList';
/** Where a worklist's path is not its name (the statistics drill-down of spec section 2); worklist-routes and the boot's early list request read it. */
export const WORKLIST_PATHS: Readonly<Partial<Record<string, string>>> = { statisticsRelieveList: 'relieveList' };
