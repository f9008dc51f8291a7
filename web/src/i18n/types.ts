/** Same keys as the source dictionary, any strings: a missing or extra key fails type-checking. */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };
