import type { Lang } from '../common/i18n';

/**
 * The machine's shape checks (`validateEvent`, `validateVoteRule`) word their problems in English;
 * this gives each of those sentences in the request's language for the 400's message. A sentence not
 * listed here (a new check) is shown as the machine wrote it.
 */
const ZH: [RegExp, (m: RegExpMatchArray) => string][] = [
  [/^is required$/, () => '为必填项'],
  [/^must be a non-empty string$/, () => '须为非空文本'],
  [/^must be a non-empty list of ids$/, () => '须为非空的编号列表'],
  [/^must not repeat an id$/, () => '编号不能重复'],
  [/^must not repeat a value$/, () => '取值不能重复'],
  [/^must be a positive amount with at most two decimals$/, () => '须为正数，最多两位小数'],
  [/^must be one of (.*)$/, (m) => `须为以下之一：${m[1]}`],
  [/^must be a list of \{id, kind\}$/, () => '须为 {id, kind} 组成的列表'],
  [/^must be a list of (.*)$/, (m) => `须为以下取值组成的列表：${m[1]}`],
  [/^each item must be \{id, kind\} with kind one of (.*)$/, (m) => `每一项须为 {id, kind}，kind 为以下之一：${m[1]}`],
  [/^(\S+) is reserved for the guarantee itself$/, (m) => `${m[1]} 专用于担保本身`],
  [/^must be a calendar date YYYY-MM-DD$/, () => '须为存在的日期（YYYY-MM-DD）'],
  [/^must be a positive whole number of fen$/, () => '须为正整数（单位：分）'],
  [/^is not a field of this event$/, () => '不是该操作的字段'],
  [/^is not a known event type$/, () => '不是已知的操作类型'],
  [/^must be an ISO-8601 time with a zone$/, () => '须为带时区的 ISO-8601 时间'],
  [/^must be an object$/, () => '须为对象'],
  [/^rule must be an object$/, () => '表决规则须为对象'],
  [/^(quorum|passThreshold) must be a fraction in \(0, 1\]$/, (m) => `${m[1]} 须为 (0, 1] 之间的比例`],
  [/^(base|passWhen|onTie) must be (.*)$/, (m) => `${m[1]} 须为 ${m[2].replace(' or ', ' 或 ')}`],
  [/^passThreshold 1 with passWhen 'above' can never pass$/, () => "passThreshold 为 1 且 passWhen 为 'above' 时永远无法通过"],
  [/^unknown rule field (.*)$/, (m) => `未知的规则字段 ${m[1]}`],
];

function sentence(message: string, lang: Lang): string {
  if (lang === 'en') return message;
  // A vote rule's problems arrive joined with '; '.
  return message
    .split('; ')
    .map((part) => {
      for (const [pattern, zh] of ZH) {
        const m = part.match(pattern);
        if (m) return zh(m);
      }
      return part;
    })
    .join('；');
}

/** "field problem; field problem" in the request's language. */
export function describeFieldErrors(errors: { field: string; message: string }[], lang: Lang): string {
  return errors.map((e) => (lang === 'en' ? `${e.field} ${e.message}` : `${e.field}${sentence(e.message, lang)}`)).join(lang === 'en' ? '; ' : '；');
}
