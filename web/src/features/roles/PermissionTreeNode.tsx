import { ActionIcon, Box, Checkbox, Collapse, Group } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { PermissionNode } from '@app/workflow';
import { useLang } from '@/i18n/use-lang';
import { checkState } from './permission-tree';

export function allMenuKeys(nodes: readonly PermissionNode[]): string[] {
  return nodes.flatMap((n) => (n.children?.length ? [n.key, ...allMenuKeys(n.children)] : []));
}

interface TreeNodeProps {
  node: PermissionNode;
  depth: number;
  chosen: ReadonlySet<string>;
  onToggle: (key: string) => void;
  open: ReadonlySet<string>;
  setOpen: (next: Set<string>) => void;
}

/** A menu entry with its children beneath (collapsible), or an action code as a leaf. */
export function PermissionTreeNode({ node, depth, chosen, onToggle, open, setOpen }: TreeNodeProps) {
  const lang = useLang();
  const state = checkState(node.key, chosen);
  const children = node.children ?? [];
  const expanded = open.has(node.key);
  const actions = children.filter((c) => c.kind === 'action' && !c.children?.length);
  const menus = children.filter((c) => !actions.includes(c));
  return (
    <Box pl={depth === 0 ? 0 : 22}>
      <Group gap={4} wrap="nowrap" py={2}>
        {children.length ? (
          <ActionIcon
            size="xs"
            variant="subtle"
            color="gray"
            aria-label={node.key}
            onClick={() => {
              const next = new Set(open);
              if (expanded) next.delete(node.key);
              else next.add(node.key);
              setOpen(next);
            }}
          >
            {expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          </ActionIcon>
        ) : (
          <Box w={18} />
        )}
        <Checkbox
          size="xs"
          label={lang === 'en' ? node.en : node.zh}
          checked={state === 'checked'}
          indeterminate={state === 'partial'}
          onChange={() => onToggle(node.key)}
          data-testid="permission-node"
          data-key={node.key}
        />
      </Group>
      {children.length > 0 && (
        <Collapse expanded={expanded}>
          {actions.length > 0 && (
            <Group gap="md" pl={44} py={2}>
              {actions.map((a) => (
                <Checkbox
                  key={a.key}
                  size="xs"
                  label={lang === 'en' ? a.en : a.zh}
                  checked={chosen.has(a.key)}
                  onChange={() => onToggle(a.key)}
                  data-testid="permission-node"
                  data-key={a.key}
                />
              ))}
            </Group>
          )}
          {menus.map((child) => (
            <PermissionTreeNode key={child.key} node={child} depth={depth + 1} chosen={chosen} onToggle={onToggle} open={open} setOpen={setOpen} />
          ))}
        </Collapse>
      )}
    </Box>
  );
}
