/**
 * System notices whose words the server keeps, so that each reader sees them in the language of the
 * page. A message stored with one of these source keys is shown from here; its stored text is the
 * Chinese, for any other reader.
 */
import type { Label } from '@app/workflow';
import { pickLabel, type Lang } from '../common/i18n';

type Words = { title: string; content: string };

export const NOTICES: Readonly<Record<string, Readonly<{ title: Label; content: Label }>>> = {
  'notice:demo-welcome': {
    title: { zh: '欢迎使用担保业务管理系统', en: 'Welcome to the guarantee management platform' },
    content: { zh: '这是演示环境，所有数据均为演示数据。', en: 'This is a demo: all the data here is made up.' },
  },
  'notice:complete-profile': {
    title: { zh: '系统通知：请完善个人资料', en: 'Notice: complete your profile' },
    content: { zh: '请在右上角修改头像和密码。', en: 'Change your avatar and password from the menu at the top right.' },
  },
};

/** A stored message in the reader's language when it is one of the notices above; as stored otherwise. */
export function localizedNotice<T extends Words>(message: T, sourceKey: string | null, lang: Lang): T {
  const notice = sourceKey && Object.hasOwn(NOTICES, sourceKey) ? NOTICES[sourceKey] : null;
  return notice ? { ...message, title: pickLabel(notice.title, lang), content: pickLabel(notice.content, lang) } : message;
}
