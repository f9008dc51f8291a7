/** The environment variable that carries the shared API app's URL from global-setup.ts to the suites (support/app.ts). */
export const SHARED_APP_URL_ENV = 'GBO_SHARED_APP_URL';
