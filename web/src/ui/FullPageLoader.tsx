import { Center, Loader, Stack, Text } from '@mantine/core';
import { PageLoading } from '@/navigation/navigation-effects';

export function FullPageLoader({ label }: { label?: string }) {
  return (
    <Center h="100vh">
      <PageLoading />
      <Stack align="center" gap="sm">
        <Loader size="md" />
        {label && (
          <Text size="sm" c="dimmed">
            {label}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
