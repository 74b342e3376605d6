/** Escapes the key separator inside a value, so `a#b` can never forge another key. */
export const enc = (v: string) => v.replace(/#/g, '%23');
