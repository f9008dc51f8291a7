import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import i18n from '@/i18n';

interface State {
  error: Error | null;
}

/**
 * Catches a page that failed to render, typically a chunk that no longer exists after a deploy
 * (spec section 8: chunk load failures are rethrown unless handled). Handled here: offer a reload.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Center py={80}>
        <Stack align="center" gap="sm" maw={420}>
          <Title order={3}>{i18n.t('common.loadFailed.title')}</Title>
          <Text c="dimmed" ta="center">
            {i18n.t('common.loadFailed.description')}
          </Text>
          <Button onClick={() => window.location.reload()}>{i18n.t('common.loadFailed.reload')}</Button>
        </Stack>
      </Center>
    );
  }
}
