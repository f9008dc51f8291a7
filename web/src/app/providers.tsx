import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { TOAST_DURATION_MS } from '@/api/feedback';
import { type CurrentUser } from '@/features/auth/types';
import { SessionProvider } from '@/features/auth/session';
import { AppDatesProvider } from '@/lib/dates-provider';
import { cssVariablesResolver, theme } from './theme';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // The HTTP client already toasts every failure: a retry would toast it again.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** Everything a page needs around it; tests render with the same providers. */
export function AppProviders({ children, initialUser }: { children: ReactNode; initialUser?: CurrentUser | null }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <AppDatesProvider>
        <ModalsProvider>
          <Notifications position="top-center" autoClose={TOAST_DURATION_MS} zIndex={3000} />
          <QueryClientProvider client={queryClient}>
            <SessionProvider initialUser={initialUser}>{children}</SessionProvider>
          </QueryClientProvider>
        </ModalsProvider>
      </AppDatesProvider>
    </MantineProvider>
  );
}
