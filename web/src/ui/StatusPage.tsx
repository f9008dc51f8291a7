import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DASHBOARD_PATH } from '@/navigation/paths';

/** The common frame of the 404 and 401 pages. */
export function StatusPage({ icon, title, description, back, testId }: { icon: ReactNode; title: string; description: string; back: string; testId: string }) {
  return (
    <Center py={80} data-testid={testId}>
      <Stack align="center" gap="sm" maw={460}>
        <ThemeIcon size={72} radius="xl" variant="light">
          {icon}
        </ThemeIcon>
        <Title order={2} ta="center">
          {title}
        </Title>
        <Text c="dimmed" ta="center">
          {description}
        </Text>
        <Button component={Link} to={DASHBOARD_PATH} variant="light" mt="sm">
          {back}
        </Button>
      </Stack>
    </Center>
  );
}
