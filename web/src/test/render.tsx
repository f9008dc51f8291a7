import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import type { CurrentUser } from '@/features/auth/types';

/** Renders inside the app's real providers (Mantine, modals, notifications, query, session). */
export function renderWithApp(ui: ReactNode, options: { user?: CurrentUser | null; route?: string } = {}): RenderResult {
  return render(
    <AppProviders initialUser={options.user ?? null}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>{ui}</MemoryRouter>
    </AppProviders>,
  );
}

export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: '1',
    username: 'tester',
    nickname: 'Tester',
    avatar: null,
    roles: ['ROLE_USER'],
    perms: [],
    authorityList: [],
    companyTimeZone: 'Asia/Shanghai',
    ...overrides,
  };
}

/** A fetch answer as the server would send it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json;charset=UTF-8' } });
}
