/**
 * The regulation's weights and fixed thresholds, as configuration: each entry names where it comes
 * from (README.md beside this file quotes the sources). The limits the administrator may change (net
 * assets, leverage, single client, group) are settings in the database; these are not, because they
 * are the measures' own numbers, and changing them is a code review, not a click.
 */

/** A client class and the weight of its in-force balance, in basis points (7500 = 75%). */
export interface BalanceWeight {
  key: 'SMALL_MICRO' | 'AGRICULTURAL' | 'OTHER';
  zh: string;
  en: string;
  weightBp: number;
  /** The client's whole in-force balance must be at most this (fen) for the weight to apply; null: any. */
  clientBalanceCapFen: number | null;
  source: string;
  /** The same note for the English page (the measure's Chinese title kept, for finding it). */
  sourceEn: string;
}

/** In order: the first that applies to a client decides its weight. */
export const BALANCE_WEIGHTS: readonly BalanceWeight[] = [
  {
    key: 'SMALL_MICRO',
    zh: '单户在保余额500万元以下的小微企业借款类担保',
    en: 'Small and micro enterprise loan guarantees, client balance up to 5 million yuan',
    weightBp: 7500,
    clientBalanceCapFen: 500_000_000,
    source: '《融资担保责任余额计量办法》(银保监发〔2018〕1号 附件2): 单户在保余额500万元人民币以下的小微企业借款类担保业务，权重为75%',
    sourceEn:
      'Measures for the Calculation of Financing Guarantee Liability Balances (《融资担保责任余额计量办法》) (CBIRC [2018] No. 1, annex 2): loan guarantees to small and micro enterprises whose in-force balance is under 5 million yuan are weighted at 75%',
  },
  {
    key: 'AGRICULTURAL',
    zh: '单户在保余额200万元以下的农户借款类担保',
    en: 'Farmer household loan guarantees, client balance up to 2 million yuan',
    weightBp: 7500,
    clientBalanceCapFen: 200_000_000,
    source: '《融资担保责任余额计量办法》: 单户在保余额200万元人民币以下的农户借款类担保业务，权重为75%',
    sourceEn:
      'Measures for the Calculation of Financing Guarantee Liability Balances (《融资担保责任余额计量办法》): loan guarantees to farmer households whose in-force balance is under 2 million yuan are weighted at 75%',
  },
  {
    key: 'OTHER',
    zh: '其他借款类担保',
    en: 'Other loan guarantees',
    weightBp: 10000,
    clientBalanceCapFen: null,
    source: '《融资担保责任余额计量办法》: 借款类担保业务权重为100%',
    sourceEn: 'Measures for the Calculation of Financing Guarantee Liability Balances (《融资担保责任余额计量办法》): loan guarantees are weighted at 100%',
  },
];

/**
 * The higher leverage limit for a company mainly serving small/micro enterprises and agriculture
 * (融资担保公司监督管理条例 and 计量办法): their balance at least half of the whole and their clients
 * at least 80% of the clients.
 */
export const RELAXED_LEVERAGE = {
  limit: 15,
  balanceShareBp: 5000,
  clientShareBp: 8000,
  source:
    '《融资担保公司监督管理条例》(国务院令第683号) and 《融资担保责任余额计量办法》: 小微企业和农户融资担保业务在保余额占比50%以上且户数占比80%以上的，不得超过15倍',
} as const;

/** Weight of a client's balance: 75% for a small/micro or farmer client within its cap, else 100%. */
export function weightFor(client: { smallMicro: boolean; agricultural: boolean; balanceFen: bigint }): BalanceWeight {
  for (const weight of BALANCE_WEIGHTS) {
    const inClass = weight.key === 'SMALL_MICRO' ? client.smallMicro : weight.key === 'AGRICULTURAL' ? client.agricultural : true;
    if (inClass && (weight.clientBalanceCapFen === null || client.balanceFen <= BigInt(weight.clientBalanceCapFen))) return weight;
  }
  return BALANCE_WEIGHTS[BALANCE_WEIGHTS.length - 1];
}

/** Balance × weight in whole fen, half up (integers only: fen × basis points stays exact in BigInt). */
export function weighted(balanceFen: bigint, weightBp: number): bigint {
  return (balanceFen * BigInt(weightBp) + 5000n) / 10000n;
}
