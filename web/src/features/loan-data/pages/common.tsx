import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconFileSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/http';
import { StatusPage } from '@/ui/StatusPage';
import { useCurrentRoute } from '@/navigation/current-route';
import { DATA_ROUTES, type DataRoute } from '../routes';

/** The data type and view of the page's route (see routes.ts). */
export function useDataRoute(): DataRoute {
  const route = useCurrentRoute();
  const config = route ? DATA_ROUTES[route.name] : undefined;
  return config ?? { type: 'CLIENT', mode: 'detail', post: 'A' };
}

export function NotFound({ loanId }: { loanId: string }) {
  const { t } = useTranslation();
  return (
    <StatusPage
      testId="loan-data-not-found"
      icon={<IconFileSearch size={36} />}
      title={t('loanData.notFound.title')}
      description={t('loanData.notFound.description', { id: loanId || '—' })}
      back={t('loanData.notFound.back')}
    />
  );
}

export function Loading() {
  const { t } = useTranslation();
  return (
    <Center py={80} data-testid="loan-data-loading">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed" size="sm">
          {t('loanData.loading')}
        </Text>
      </Stack>
    </Center>
  );
}

export function LoadFailed({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Center py={80} data-testid="loan-data-load-failed">
      <Stack align="center" gap="sm">
        <IconAlertCircle size={40} color="var(--mantine-color-red-6)" />
        <Text fw={600}>{t('loanData.loadFailed.title')}</Text>
        <Text c="dimmed" size="sm">
          {error instanceof ApiError ? error.message : t('loanData.loadFailed.description')}
        </Text>
        <Button variant="light" onClick={retry}>
          {t('loanData.loadFailed.retry')}
        </Button>
      </Stack>
    </Center>
  );
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
