/**
 * The shape another language's texts must have: the same keys as the English source, nested the
 * same way (lists keep their length), with any string in place of each English one.
 * `satisfies Texts<typeof en>` on a locale then fails the typecheck on a missing or an extra key.
 */
export type Texts<T> = T extends string ? string : { readonly [Key in keyof T]: Texts<T[Key]> };
