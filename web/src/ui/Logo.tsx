import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconShieldCheckFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The brand mark: a shield (a guarantee) and the product name. */
export function Logo({ withText = true, size = 32, inverted = false }: { withText?: boolean; size?: number; inverted?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size={size} radius="md" variant={inverted ? 'white' : 'filled'}>
        <IconShieldCheckFilled size={size * 0.62} />
      </ThemeIcon>
      {withText && (
        <Text fw={700} size="lg" c={inverted ? 'white' : undefined} style={{ whiteSpace: 'nowrap' }}>
          {t('common.brand')}
        </Text>
      )}
    </Group>
  );
}
