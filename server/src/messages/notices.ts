/**
 * System notices whose words the server keeps, so that each reader sees them in the language of the
 * page (issue 20: the demo's notices stayed Chinese in the English page). A message stored with one
 * of these source keys is shown from here; its stored text is the Chinese, for any other reader.
 */
import type { Lang } from '../common/i18n';

type Words = { title: string; content: string };

export const NOTICES: Readonly<Record<string, Readonly<Record<Lang, Words>>>> = {
  'notice:demo-welcome': {
    'zh-CN': { title: '欢迎使用担保业务管理系统', content: '这是演示环境，所有数据均为演示数据。' },
    en: { title: 'Welcome to the guarantee management platform', content: 'This is a demo: all the data here is made up.' },
  },
  'notice:complete-profile': {
    'zh-CN': { title: '系统通知：请完善个人资料', content: '请在右上角修改头像和密码。' },
    en: { title: 'Notice: complete your profile', content: 'Change your avatar and password from the menu at the top right.' },
  },
};

/** A stored message in the reader's language when it is one of the notices above; as stored otherwise. */
export function localizedNotice<T extends Words>(message: T, sourceKey: string | null, lang: Lang): T {
  const words = sourceKey && Object.hasOwn(NOTICES, sourceKey) ? NOTICES[sourceKey][lang] : null;
  return words ? { ...message, ...words } : message;
}
