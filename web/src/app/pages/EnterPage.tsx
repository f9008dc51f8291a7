import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DASHBOARD_PATH } from '@/navigation/paths';
import { useSession } from '@/features/auth/session';

/** /enter/index, the entry page of spec section 2: kept for links to it; `/` lands on the dashboard instead. */
export default function EnterPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <Center py={96} data-testid="enter-page">
      <Stack align="center" gap="xs">
        <Title order={2}>{t('common.enter.welcome', { name: user?.nickname || user?.username || '' })}</Title>
        <Text c="dimmed">{t('common.enter.description')}</Text>
        <Button component={Link} to={DASHBOARD_PATH} mt="md">
          {t('common.enter.toDashboard')}
        </Button>
      </Stack>
    </Center>
  );
}
