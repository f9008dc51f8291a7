import { lazy } from 'react';

/**
 * Page components of the route table, each its own chunk. Later issues replace `notYet` in
 * route-table.ts with their feature's page.
 */
export const notYet = lazy(() => import('@/app/pages/NotAvailablePage'));
export const enterPage = lazy(() => import('@/app/pages/EnterPage'));
export const notFoundPage = lazy(() => import('@/app/pages/NotFoundPage'));
export const forbiddenPage = lazy(() => import('@/app/pages/ForbiddenPage'));
export const dashboardPage = lazy(() => import('@/features/dashboard/DashboardPage'));
export const userListPage = lazy(() => import('@/features/users/UserListPage'));
export const historyLogPage = lazy(() => import('@/features/history/HistoryLogPage'));
