import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '@/i18n';
import { type AppLanguage, LANGUAGES } from '@/i18n/language';
import { getAccessToken } from '@/lib/storage';
import { saveLanguage } from './language-api';

/** Switches the page at once; a signed-in user's choice is also kept on the server, for the to-dos written to them. */
function choose(lang: AppLanguage) {
  void setLanguage(lang);
  // A failure has been shown by the http client; the page keeps the language chosen.
  if (getAccessToken()) saveLanguage(lang).catch(() => undefined);
}

/** 中文 / English: each name is shown in its own language so anyone can find theirs. */
export function LanguageSwitch({ variant = 'subtle' }: { variant?: 'subtle' | 'default' }) {
  const { t, i18n } = useTranslation();
  const current: AppLanguage = i18n.language === 'en' ? 'en' : 'zh-CN';
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button
          variant={variant}
          color="gray"
          size="compact-sm"
          leftSection={<IconLanguage size={16} />}
          rightSection={<IconChevronDown size={14} />}
          // The accessible name holds the words shown (label in name): "语言：中文" / "Language: English".
          aria-label={`${t('common.language.label')}: ${t(`common.language.${current}`)}`}
          data-testid="language-switch"
        >
          {t(`common.language.${current}`)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((lang) => (
          <Menu.Item key={lang} onClick={() => choose(lang)} rightSection={lang === current ? <IconCheck size={14} /> : null} data-testid={`language-${lang}`}>
            {t(`common.language.${lang}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
