import { ActionIcon, CloseButton, Menu, ScrollArea } from '@mantine/core';
import { IconChevronDown, IconRefresh, IconSquareX, IconX, IconArrowsDiff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import classes from './TagsBar.module.css';
import { useTags } from './TagsProvider';
import { shortTagTitle, type Tag } from './tags-state';

/** The four tag actions, shared by the right-click menu of a tag and the bar's dropdown. */
function TagActions({ tag }: { tag: Tag | undefined }) {
  const { t } = useTranslation();
  const tags = useTags();
  return (
    <>
      <Menu.Item leftSection={<IconRefresh size={14} />} disabled={!tag} onClick={() => tag && tags.refresh(tag.path)} data-testid="tag-refresh">
        {t('tags.refresh')}
      </Menu.Item>
      <Menu.Item leftSection={<IconX size={14} />} disabled={!tag || tag.affix} onClick={() => tag && tags.close(tag.path)} data-testid="tag-close">
        {t('tags.close')}
      </Menu.Item>
      <Menu.Item leftSection={<IconArrowsDiff size={14} />} disabled={!tag} onClick={() => tag && tags.closeOthers(tag.path)} data-testid="tag-close-others">
        {t('tags.closeOthers')}
      </Menu.Item>
      <Menu.Item leftSection={<IconSquareX size={14} />} onClick={() => tags.closeAll()} data-testid="tag-close-all">
        {t('tags.closeAll')}
      </Menu.Item>
    </>
  );
}

/** Open-page tabs: click to switch, x to close, right-click or the arrow for refresh / close actions. */
export function TagsBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tags, activeId, close, titles } = useTags();
  const [contextFor, setContextFor] = useState<string | null>(null);
  const activeTag = tags.find((tag) => tag.id === activeId);

  return (
    <nav className={classes.bar} aria-label={t('tags.label')} data-testid="tags-bar">
      <ScrollArea type="never" style={{ flex: 1 }}>
        <div className={classes.list}>
          {tags.map((tag) => (
            <Menu
              key={tag.id}
              opened={contextFor === tag.path}
              // Only a right-click opens this menu (see onContextMenu); a left click selects the tag.
              onChange={(open) => {
                if (!open) setContextFor(null);
              }}
              position="bottom-start"
              shadow="md"
              withinPortal
            >
              <Menu.Target>
                <div
                  role="link"
                  tabIndex={0}
                  className={classes.tag}
                  data-active={tag.id === activeId || undefined}
                  data-testid="tag"
                  data-path={tag.path}
                  onClick={() => navigate(tag.path)}
                  onKeyDown={(e) => e.key === 'Enter' && navigate(tag.path)}
                  onContextMenu={(e) => {
                    e.preventDefault();
                    setContextFor(tag.path);
                  }}
                >
                  {titles[tag.id] ? (
                    <span title={titles[tag.id]} data-titled="">
                      {shortTagTitle(titles[tag.id])}
                    </span>
                  ) : (
                    <span>{t(`routes.pages.${tag.name}`)}</span>
                  )}
                  {!tag.affix && (
                    <CloseButton
                      size="xs"
                      className={classes.close}
                      aria-label={t('tags.close')}
                      onClick={(e) => {
                        e.stopPropagation();
                        close(tag.path);
                      }}
                    />
                  )}
                </div>
              </Menu.Target>
              <Menu.Dropdown>
                <TagActions tag={tag} />
              </Menu.Dropdown>
            </Menu>
          ))}
        </div>
      </ScrollArea>
      <Menu position="bottom-end" shadow="md" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={t('tags.actions')} title={t('tags.actions')} data-testid="tags-actions">
            <IconChevronDown size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <TagActions tag={activeTag} />
        </Menu.Dropdown>
      </Menu>
    </nav>
  );
}
