import { Anchor, Box, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Logo } from '@/ui/Logo';
import { LOGIN_PATH } from '@/navigation/paths';
import { LanguageSwitch } from '@/features/language/LanguageSwitch';
import type { AgreementType } from './agreements-api';
import { useCurrentAgreement } from './agreements-queries';

/** Public page with the current agreement text in the current language (spec section 2). */
export default function AgreementPage({ type }: { type: AgreementType }) {
  const { t, i18n } = useTranslation();
  const title = t(type === 'privacy' ? 'agreements.privacy' : 'agreements.service');
  const agreement = useCurrentAgreement(type, i18n.language);

  useEffect(() => {
    document.title = `${title} - ${t('common.brand')}`;
  }, [title, t]);

  return (
    <Box bg="gray.0" mih="100vh" py="xl">
      <Container size="md">
        <Group justify="space-between" mb="lg">
          <Logo />
          <LanguageSwitch />
        </Group>
        <Paper withBorder radius="md" p="xl" shadow="xs">
          <Stack gap="xs" mb="lg">
            <Title order={1}>{title}</Title>
            {agreement.data && (
              <Text size="sm" c="dimmed">
                {t('agreements.version', { version: agreement.data.version })}
              </Text>
            )}
          </Stack>
          {agreement.isPending && <Loader size="sm" />}
          {agreement.isSuccess && !agreement.data?.content && <Text c="dimmed">{t('agreements.missing')}</Text>}
          {agreement.data?.content && (
            // Plain text on purpose: the text is shown as written, never interpreted as HTML.
            <Text component="div" style={{ whiteSpace: 'pre-wrap', lineHeight: 1.8 }} data-testid="agreement-content">
              {agreement.data.content}
            </Text>
          )}
        </Paper>
        <Anchor component={Link} to={LOGIN_PATH} mt="md" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
          <IconArrowLeft size={16} />
          {t('agreements.backToLogin')}
        </Anchor>
      </Container>
    </Box>
  );
}
