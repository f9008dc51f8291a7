import type { StatusLabels } from '@app/workflow';
import { reminderText } from '../letters/disbursement-reminder';
import { riskDowngradeText } from '../visits/risk-downgrade.handler';
import { fillLabel } from '../common/i18n';
import { localizedNotice } from './notices';
import { todoText } from './todo-text';

// The words of the messages the server writes, one {zh, en} template each: the texts as users read them.
describe('message words', () => {
  // only stage and status are read
  const labels = { stage: { zh: '出函', en: 'Guarantee letter' }, status: { zh: '待出函', en: 'Awaiting the letter' } } as unknown as StatusLabels;
  const actions = [
    { zh: '出具保函', en: 'Issue the letter' },
    { zh: '退回', en: 'Return' },
  ];

  it('fills a template once: a value holding braces is not filled again', () => {
    expect(fillLabel({ zh: '原因：{reason}', en: 'Reason: {reason}' }, 'en', { reason: '{reason}' })).toBe('Reason: {reason}');
    expect(fillLabel({ zh: '{a}', en: '{a}' }, 'zh-CN', { a: { zh: '甲', en: 'A' } })).toBe('甲');
  });

  it('writes the to-do in the recipient language, naming the actions', () => {
    expect(todoText('zh-CN', '上海甲公司', labels, actions)).toEqual({
      title: '待办：上海甲公司',
      content: '贷款已进入「出函 · 待出函」，请您「出具保函」或「退回」。',
    });
    expect(todoText('en', 'Alpha Ltd', labels, actions)).toEqual({
      title: 'To do: Alpha Ltd',
      content: 'The loan is now at "Guarantee letter · Awaiting the letter": please "Issue the letter" or "Return".',
    });
    expect(todoText('en', 'Alpha Ltd', labels).content).toBe('The loan is now at "Guarantee letter · Awaiting the letter": please take it on.');
    expect(todoText('zh-CN', '甲', labels).content).toBe('贷款已进入「出函 · 待出函」，请您处理。');
  });

  it('writes the disbursement reminder with the amount in yuan and the bank, or a word for any bank', () => {
    expect(reminderText('zh-CN', '甲', 200_000_000, '中国银行')).toEqual({
      title: '放款提醒：甲',
      content: '该笔贷款（担保金额 2,000,000.00 元）正在等待放款，请尽快联系中国银行催促放款，并在放款后上传放款凭证。',
    });
    expect(reminderText('en', 'Alpha', 150, null).content).toBe(
      'The loan (guaranteed amount 1.50 yuan) awaits disbursement: please chase the bank to lend, and upload the disbursement voucher once it has.',
    );
  });

  it('shows a stored notice in the reader language, and any other message as stored', () => {
    const stored = { id: 'm1', title: '欢迎使用担保业务管理系统', content: '这是演示环境，所有数据均为演示数据。' };
    expect(localizedNotice(stored, 'notice:demo-welcome', 'en')).toEqual({
      id: 'm1',
      title: 'Welcome to the guarantee management platform',
      content: 'This is a demo: all the data here is made up.',
    });
    expect(localizedNotice(stored, 'notice:demo-welcome', 'zh-CN')).toEqual(stored);
    expect(localizedNotice(stored, 'todo:x', 'en')).toBe(stored);
    expect(localizedNotice(stored, '__proto__', 'en')).toBe(stored);
  });

  it('writes the risk warning with both classifications by name and the reason', () => {
    const record = { company: '甲', round: 2, previous: null, classification: 'SUBSTANDARD' as const, reason: '逾期' };
    expect(riskDowngradeText('zh-CN', record)).toEqual({ title: '风险预警：甲', content: '第2轮保后走访将风险分类由「正常」下调为「次级」。原因：逾期' });
    expect(riskDowngradeText('en', { ...record, reason: null }).content).toMatch(
      /^Visit round 2 downgraded the risk classification from "\w+" to "\w+"\. Reason: $/,
    );
  });
});
