/** One code of a lookup list as the reference prints it: the code, then its name. */
export type CodeRow = readonly [code: string, name: string];
