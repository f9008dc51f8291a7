import { Group, Stack, Table, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import i18n from '@/i18n';

/** A titled table: the title names it for assistive technology (aria-labelledby); `action` sits beside the title. */
export function NamedTable({
  title,
  testId,
  head,
  action,
  children,
}: {
  title: string;
  testId: string;
  head: readonly string[];
  action?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600} id={id}>
          {title}
        </Text>
        {action}
      </Group>
      <Table.ScrollContainer minWidth={head.length * 80} type="native">
        <Table withRowBorders verticalSpacing={4} fz="xs" aria-labelledby={id} data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              {head.map((h) => (
                <Table.Th key={h} scope="col">
                  {h}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** A word known to the dictionary, else the value as the server sent it (a type added later). */
export function wordOr(t: TFunction, key: string, value: string): string {
  if (!value) return '—';
  return i18n.exists(key) ? String(t(key as never)) : value;
}
